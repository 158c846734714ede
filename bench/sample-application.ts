import { applicationDocumentOf, validateApplicationDocument, type ApplicationDocument } from '../machines/form/application-document.ts';
import { steps } from '../machines/steps.ts';
import { toStoredDraft, type StoredDraft } from '../src/shared/draft/draft-format.ts';
import { fillSteps, signAndAcknowledge } from '../test/support/sample-answers.ts';

/**
 * The complete application the bench submits and walks through: the test suite's sample answers
 * (every step answered, every reveal open, lists with two entries, notices acknowledged, signed).
 */
function completeActor({ emailedCopy }: { emailedCopy: boolean }) {
  const filled = fillSteps();
  // The sample asks for an emailed copy; the throughput run does not, so every submission costs the
  // same inside the 10 seconds (the copy's PDF is rendered in the background, after the answer).
  if (!emailedCopy) filled.actor.send({ type: 'answer.changed', step: 'confirmation', name: 'send-copy', value: '' });
  return signAndAcknowledge(filled).actor;
}

/** The JSON body of `POST /api/applications`, checked with the server's own validation. */
export function submissionBody(): string {
  const document: ApplicationDocument = applicationDocumentOf(completeActor({ emailedCopy: false }).getSnapshot().context);
  const problems = validateApplicationDocument(JSON.parse(JSON.stringify(document)));
  if (problems.length > 0) throw new Error(`The bench's sample application is invalid: ${problems.map((problem) => problem.field).join(', ')}`);
  return JSON.stringify(document);
}

/** The sample application as the PDF renderer gets it. */
export function sampleDocument(): ApplicationDocument {
  return applicationDocumentOf(completeActor({ emailedCopy: true }).getSnapshot().context);
}

export interface SeededDraft {
  readonly draft: StoredDraft;
  readonly ssn: string | undefined;
}

/** The complete application as the app keeps it on the device, on the home page. */
export function completeDraft(): SeededDraft {
  const actor = completeActor({ emailedCopy: true });
  const { draft, ssn } = toStoredDraft(actor.getPersistedSnapshot(), 1, new Date());
  const position = actor.getSnapshot().value as { step?: unknown };
  if (position.step !== steps[0].id) throw new Error(`The sample draft is on step ${String(position.step)}, not on the home page.`);
  return { draft, ssn };
}
