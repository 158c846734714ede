import { isAnswerField, type AnswerField, type AnswerValue, type FieldNode, type StepForm } from './field-types.ts';
import { entriesOf, isPlainObject, isRevealed, type AnswerDocument, type Entry, type StepAnswers } from './answers.ts';
import { revealsOf } from './field-types.ts';
import { optionLabel } from './option-lists.ts';

/**
 * Answers as people read them (labels and formatted values), derived from the declarations: used by
 * the Confirmation review, and by anything that prints an application.
 */

export interface SummaryRow {
  readonly kind: 'answer';
  readonly name: string;
  readonly label: string;
  readonly value: string;
}

export interface SummaryList {
  readonly kind: 'list';
  readonly name: string;
  readonly label: string;
  readonly entries: readonly { readonly label: string; readonly rows: readonly SummaryItem[] }[];
}

export interface SummaryGroup {
  readonly kind: 'group';
  readonly label: string;
  readonly rows: readonly SummaryItem[];
}

export type SummaryItem = SummaryRow | SummaryList | SummaryGroup;

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  const monthName = monthNames[Number(month) - 1];
  if (!monthName) return value;
  return day ? `${Number(day)} ${monthName} ${year}` : `${monthName} ${year}`;
}

/** 123-45-6789 → •••-••-6789: only the last four digits (decision 31). */
export function maskSsn(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length >= 4 ? `•••-••-${digits.slice(-4)}` : '•••';
}

export interface SummaryOptions {
  /** Show the SSN in full (the applicant's explicit Show, a carrier's audited reveal); masked otherwise. */
  readonly revealSsn?: boolean;
}

export function formatAnswer(field: AnswerField, value: AnswerValue | undefined, options: SummaryOptions = {}): string {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return 'Not answered';
  if (Array.isArray(value)) {
    const labels = value.map((item) => ('options' in field ? (optionLabel(field.options, item) ?? item) : item));
    return labels.join(', ');
  }
  const text = value as string;
  switch (field.kind) {
    case 'yesNo':
      return text === 'yes' ? 'Yes' : text === 'no' ? 'No' : text;
    case 'checkbox':
      return text === 'yes' ? 'Yes' : 'No';
    case 'select':
    case 'radios':
      return optionLabel(field.options, text) ?? text;
    case 'region':
      return optionLabel('states', text) ?? text;
    case 'date':
    case 'month':
      return formatDate(text);
    case 'ssn':
      return options.revealSsn ? text : maskSsn(text);
    default:
      return text;
  }
}

function summarize(nodes: readonly FieldNode[], values: Readonly<Record<string, unknown>>, options: SummaryOptions): SummaryItem[] {
  const items: SummaryItem[] = [];
  for (const node of nodes) {
    if (node.kind === 'content') continue;
    if (node.kind === 'group') {
      items.push({ kind: 'group', label: node.legend, rows: summarize(node.fields, values, options) });
      continue;
    }
    if (node.kind === 'list') {
      const entries = entriesOf(values as StepAnswers, node.name);
      items.push({
        kind: 'list',
        name: node.name,
        label: node.label,
        entries: entries.map((entry, index) => ({
          label: `${node.itemLabel} ${index + 1}`,
          rows: summarize(node.fields, entry.values, options),
        })),
      });
      continue;
    }
    if (!isAnswerField(node)) continue;
    const value = values[node.name] as AnswerValue | undefined;
    items.push({ kind: 'answer', name: node.name, label: node.label, value: formatAnswer(node, value, options) });
    for (const reveal of revealsOf(node)) {
      if (isRevealed(reveal.when, value)) items.push(...summarize(reveal.fields, values, options));
    }
  }
  return items;
}

/** What the applicant answered on a step, in screen order, hidden answers left out. */
export function summarizeStep(form: StepForm, answers: StepAnswers | undefined, options: SummaryOptions = {}): SummaryItem[] {
  return summarize(form.fields, answers ?? {}, options);
}


/** A step's stored document in the machine's answers shape (lists as `{ id, values }` entries), for `summarizeStep`. */
export function stepAnswersOfDocument(document: unknown): StepAnswers {
  const answers: Record<string, AnswerValue | Entry[]> = {};
  if (!isPlainObject(document)) return answers;
  for (const [name, value] of Object.entries(document)) {
    if (typeof value === 'string') answers[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') answers[name] = String(value);
    else if (Array.isArray(value)) {
      if (value.every((item) => typeof item === 'string')) answers[name] = value as string[];
      else {
        answers[name] = value
          .filter(isPlainObject)
          .map((entry, index) => ({ id: `${name}-${index + 1}`, values: stepAnswersOfDocument(entry) as Entry['values'] }));
      }
    }
  }
  return answers;
}

/** `summarizeStep` over a stored step document. */
export function summarizeDocumentStep(form: StepForm, document: AnswerDocument | undefined, options: SummaryOptions = {}): SummaryItem[] {
  return summarizeStep(form, stepAnswersOfDocument(document), options);
}
