import { getStep, noticeSteps, type NoticeId, type StepId } from '../steps.ts';
import type { Answers } from './answers.ts';
import { stepProblems, type StepProblem } from './problems.ts';
import { stepForms } from './step-forms.ts';

/** The applicant's signature (decision 21): a drawing saved from the pad, or the full legal name typed. */
export type Signature =
  | { readonly method: 'drawn'; readonly image: string; readonly signedAt: string }
  | { readonly method: 'typed'; readonly name: string; readonly signedAt: string };

/** When each notice was acknowledged (ISO time); a notice not in the map is not acknowledged. */
export type Acknowledgements = Readonly<Partial<Record<NoticeId, string>>>;

export interface ApplicationParts {
  readonly answers: Answers;
  readonly acknowledgements: Acknowledgements;
  readonly signature: Signature | null;
}

export interface StepStatus {
  readonly step: StepId;
  readonly heading: string;
  readonly route: string;
  readonly problems: readonly StepProblem[];
}

/** Problem keys outside the declared fields. */
export const signatureProblemKey = 'signature';
export const acknowledgementProblemKey = 'acknowledged';

/** Largest signature image accepted, in characters of its data URL (about 375 KB of PNG). */
export const maxSignatureLength = 500_000;
export const maxTypedSignatureLength = 200;

/** A typed signature: the full legal name, at least two characters besides spaces. */
export function isTypedSignatureName(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length >= 2 && value.length <= maxTypedSignatureLength;
}

export function isPngDataUrl(value: unknown): value is string {
  return typeof value === 'string' && value.length <= maxSignatureLength && /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/.test(value);
}

function statusOf(step: StepId, problems: readonly StepProblem[]): StepStatus {
  const { heading, route } = getStep(step);
  return { step, heading, route, problems };
}

/**
 * The status of every step the applicant must complete, in step order: the data steps, the
 * Confirmation step (its questions and the signature) and the nine notices. A step is complete when
 * it has no problems. Used by the Signature step and the submit check (decisions 5 and 20).
 */
const statusCache = new WeakMap<ApplicationParts, readonly StepStatus[]>();

export function applicationStatus(parts: ApplicationParts): readonly StepStatus[] {
  const cached = statusCache.get(parts);
  if (cached) return cached;
  const dataSteps = stepForms.map((form) => statusOf(form.step, stepProblems(form.step, parts.answers[form.step])));
  const confirmation = statusOf('confirmation', [
    ...stepProblems('confirmation', parts.answers.confirmation),
    ...(parts.signature ? [] : [{ key: signatureProblemKey, message: 'Sign the application: draw your signature and save it, or type your full legal name' }]),
  ]);
  const notices = noticeSteps.map((notice) =>
    statusOf(
      notice.id,
      parts.acknowledgements[notice.id] ? [] : [{ key: acknowledgementProblemKey, message: `Tick the box to acknowledge the ${notice.heading}` }],
    ),
  );
  const status = [...dataSteps, confirmation, ...notices];
  statusCache.set(parts, status);
  return status;
}

export function isApplicationComplete(parts: ApplicationParts): boolean {
  return applicationStatus(parts).every((status) => status.problems.length === 0);
}
