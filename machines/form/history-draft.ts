import type { AnswerDocument } from './answers.ts';
import type { AnswerValue } from './field-types.ts';
import { buildFieldsSchema, validateDocument } from './schemas.ts';
import { historyItemFields } from './steps/employment.ts';

// Built when the form is first checked, not when the application starts.
let historyItemSchema: ReturnType<typeof buildFieldsSchema> | undefined;

function draftDocument(values: Readonly<Record<string, AnswerValue>>): AnswerDocument {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.length > 0)) as AnswerDocument;
}

/** Problems of the Add History Item form, by field name; none when it can be saved. */
export function historyDraftProblems(values: Readonly<Record<string, AnswerValue>>): ReadonlyMap<string, string> {
  return new Map(validateDocument((historyItemSchema ??= buildFieldsSchema(historyItemFields)), draftDocument(values)).map((problem) => [problem.path, problem.message]));
}
