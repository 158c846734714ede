import { noticeSteps, type NoticeId, type StepId } from '../steps.ts';
import { hiddenAnswerPaths, isPlainObject, stepDocument, type AnswerDocument, type Answers } from './answers.ts';
import { isPngDataUrl, isTypedSignatureName, type Acknowledgements, type Signature } from './application-status.ts';
import { answerForms } from './step-forms.ts';
import { stepSchema, validateDocument } from './schemas.ts';

/**
 * The submitted application: what the browser sends, what the server validates (with the same
 * schemas as the screens), stores and prints. Answers are the steps' documents (only what was shown,
 * keyed by the spec's field names, decision 14).
 */

export const applicationDocumentVersion = 1;

export interface ApplicationDocument {
  readonly version: typeof applicationDocumentVersion;
  readonly answers: Readonly<Partial<Record<StepId, AnswerDocument>>>;
  readonly acknowledgements: Acknowledgements;
  readonly signature: Signature;
}

export interface ApplicationParts {
  readonly answers: Answers;
  readonly acknowledgements: Acknowledgements;
  readonly signature: Signature | null;
}

/** The document of a (complete) application held by the machine. */
export function applicationDocumentOf(parts: ApplicationParts): ApplicationDocument {
  if (!parts.signature) throw new Error('An application document needs a signature');
  return {
    version: applicationDocumentVersion,
    answers: Object.fromEntries(answerForms.map((form) => [form.step, stepDocument(form, parts.answers[form.step])])),
    acknowledgements: parts.acknowledgements,
    signature: parts.signature,
  };
}

export interface DocumentProblem {
  /** `step.field` (`employed.employers[0].company-name`), `acknowledgements.rights`, `signature`, … */
  readonly field: string;
  readonly message: string;
}


export function isIsoTime(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 40 && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));
}

/**
 * Every problem of a submitted document, each naming its field; none for a complete, well-formed
 * application. Nothing about the input is trusted: wrong types and unknown keys are problems too.
 */
export function validateApplicationDocument(input: unknown): DocumentProblem[] {
  if (!isPlainObject(input)) return [{ field: '', message: 'The application must be a JSON object' }];
  const problems: DocumentProblem[] = [];
  for (const key of Object.keys(input)) {
    if (!['version', 'answers', 'acknowledgements', 'signature'].includes(key)) problems.push({ field: key, message: `Unknown part of the application: ${key}` });
  }
  if (input.version !== applicationDocumentVersion) {
    problems.push({ field: 'version', message: `Unsupported application version: expected ${applicationDocumentVersion}` });
  }

  const answers = input.answers;
  if (!isPlainObject(answers)) {
    problems.push({ field: 'answers', message: 'The answers must be an object of steps' });
  } else {
    const known = new Set<string>(answerForms.map((form) => form.step));
    for (const step of Object.keys(answers)) if (!known.has(step)) problems.push({ field: `answers.${step}`, message: `Unknown step: ${step}` });
    for (const form of answerForms) {
      const document = answers[form.step] === undefined ? {} : answers[form.step];
      const schema = stepSchema(form.step);
      if (!isPlainObject(document)) {
        problems.push({ field: form.step, message: `The answers of ${form.step} must be an object` });
        continue;
      }
      if (!schema) continue;
      for (const problem of validateDocument(schema, document as AnswerDocument)) {
        problems.push({ field: problem.path ? `${form.step}.${problem.path}` : form.step, message: problem.message });
      }
      for (const path of hiddenAnswerPaths(form.fields, document)) {
        problems.push({ field: `${form.step}.${path}`, message: `An answer to a question the other answers do not ask: ${path}` });
      }
    }
  }

  const acknowledgements = input.acknowledgements;
  if (!isPlainObject(acknowledgements)) {
    problems.push({ field: 'acknowledgements', message: 'The acknowledgements must be an object of notices' });
  } else {
    const notices = new Set<string>(noticeSteps.map((notice) => notice.id));
    for (const key of Object.keys(acknowledgements)) {
      if (!notices.has(key)) problems.push({ field: `acknowledgements.${key}`, message: `Unknown notice: ${key}` });
    }
    for (const notice of noticeSteps) {
      if (!isIsoTime(acknowledgements[notice.id as NoticeId])) {
        problems.push({ field: `acknowledgements.${notice.id}`, message: `The ${notice.heading} must be acknowledged` });
      }
    }
  }

  const signature = input.signature;
  if (!isPlainObject(signature)) {
    problems.push({ field: 'signature', message: 'The application must be signed' });
  } else if (signature.method === 'drawn') {
    if (!isPngDataUrl(signature.image)) problems.push({ field: 'signature.image', message: 'The signature must be a PNG image of at most 375 KB' });
    if (!isIsoTime(signature.signedAt)) problems.push({ field: 'signature.signedAt', message: 'The signature needs the time it was made' });
    for (const key of Object.keys(signature)) if (!['method', 'image', 'signedAt'].includes(key)) problems.push({ field: `signature.${key}`, message: `Unknown part of the signature: ${key}` });
  } else if (signature.method === 'typed') {
    if (!isTypedSignatureName(signature.name)) {
      problems.push({ field: 'signature.name', message: 'The typed signature must be the full legal name' });
    }
    if (!isIsoTime(signature.signedAt)) problems.push({ field: 'signature.signedAt', message: 'The signature needs the time it was made' });
    for (const key of Object.keys(signature)) if (!['method', 'name', 'signedAt'].includes(key)) problems.push({ field: `signature.${key}`, message: `Unknown part of the signature: ${key}` });
  } else {
    problems.push({ field: 'signature.method', message: 'The signature must be drawn or typed' });
  }
  return problems;
}
