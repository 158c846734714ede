import type { StepId } from '../steps.ts';
import type { OptionListName } from './option-lists.ts';

/**
 * The vocabulary in which every data step is declared once (`machines/form/steps/*.ts`). Screens,
 * yup schemas, machine reveal regions, stories and tests are all derived from these declarations.
 */

/** What an answer can hold: text of any input, or the chosen values of a checkbox group. */
export type AnswerValue = string | readonly string[];

interface FieldBase {
  /** The input's `name` and the key in the submitted data, as the spec spells it (decision 14). */
  readonly name: string;
  readonly label: string;
  readonly hint?: string;
  readonly required?: boolean;
  /** The error shown when a required answer is missing; a default naming the field otherwise. */
  readonly requiredMessage?: string;
  readonly autoComplete?: string;
}

export interface TextField extends FieldBase {
  readonly kind: 'text' | 'email' | 'tel' | 'textarea' | 'number' | 'ssn' | 'zip';
  /** Starts with the answer to another question (the copy email from the personal email) until changed. */
  readonly prefillFrom?: { readonly step: StepId; readonly name: string };
  /** Must equal the answer to this sibling field (e.g. confirm email). */
  readonly matches?: string;
  readonly maxLength?: number;
  readonly min?: number;
}

export interface DateField extends FieldBase {
  readonly kind: 'date' | 'month';
  /** A date that cannot be in the future (date of birth, accident date). */
  readonly notFuture?: boolean;
  /** Must not be before the answer to this sibling field (an end date and its start date). */
  readonly notBefore?: string;
  /** A date of birth: it must give a plausible age (no verdict on qualification). */
  readonly birthDate?: boolean;
}

export interface Reveal {
  /** The answer (or, for checkboxes, the ticked option) that reveals the fields. */
  readonly when: string;
  readonly fields: readonly FieldNode[];
}

export interface ChoiceField extends FieldBase {
  readonly kind: 'select' | 'radios' | 'checkboxes';
  readonly options: OptionListName;
  readonly reveals?: readonly Reveal[];
}

/** A required-style yes/no question: Yes shows active in red, No neutral (spec section 4). */
export interface YesNoField extends FieldBase {
  readonly kind: 'yesNo';
  readonly reveals?: readonly Reveal[];
}

/** One checkbox answering one question: 'yes' when ticked. */
export interface CheckboxField extends FieldBase {
  readonly kind: 'checkbox';
  readonly reveals?: readonly Reveal[];
}

/** A state/province: a choice of states when the sibling country is the United States, text otherwise (decision 12). */
export interface RegionField extends FieldBase {
  readonly kind: 'region';
  readonly countryField: string;
}

export type AnswerField = TextField | DateField | ChoiceField | YesNoField | CheckboxField | RegionField;

/** A list of entries (decision 17): add another, edit, remove. */
export interface ListNode {
  readonly kind: 'list';
  readonly name: string;
  /** Legend of the whole list. */
  readonly label: string;
  /** What one entry is called: "Employer" → legends "Employer 1", button "Add another employer". */
  readonly itemLabel: string;
  readonly fields: readonly FieldNode[];
  /** Entries present from the start (emergency contacts: 2). */
  readonly initialEntries?: number;
  /** Entries before this index cannot be removed (emergency contacts: only the third and later). */
  readonly removableFrom?: number;
  /** Entries that must be complete when the list is shown. */
  readonly minEntries?: number;
  /** Sample values shown as placeholders in the first entries, never as values (decision 17). */
  readonly placeholders?: readonly Readonly<Record<string, string>>[];
}

/** A fieldset of related questions, with its legend. */
export interface GroupNode {
  readonly kind: 'group';
  readonly legend: string;
  readonly fields: readonly FieldNode[];
}

/** Text shown among the questions (a notice, an explanation). */
export interface ContentNode {
  readonly kind: 'content';
  readonly id: string;
  readonly paragraphs: readonly string[];
  readonly tone?: 'notice' | 'plain';
}

export type FieldNode = AnswerField | ListNode | GroupNode | ContentNode;

export interface StepForm {
  readonly step: StepId;
  readonly intro?: readonly string[];
  readonly fields: readonly FieldNode[];
}

export function isAnswerField(node: FieldNode): node is AnswerField {
  return node.kind !== 'list' && node.kind !== 'group' && node.kind !== 'content';
}

export function revealsOf(node: FieldNode): readonly Reveal[] {
  return node.kind === 'yesNo' || node.kind === 'checkbox' || node.kind === 'select' || node.kind === 'radios' || node.kind === 'checkboxes'
    ? (node.reveals ?? [])
    : [];
}
