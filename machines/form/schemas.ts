import { array, mixed, object, string, type AnyObject, type ObjectSchema, type Schema, ValidationError } from 'yup';
import type { StepId } from '../steps.ts';
import { isAnswerField, revealsOf, type AnswerField, type FieldNode, type ListNode, type StepForm } from './field-types.ts';
import { isRevealed, type AnswerDocument } from './answers.ts';
import { getOptions } from './option-lists.ts';
import { answerForms } from './step-forms.ts';

/**
 * One yup schema per step, derived from the same declarations as the screens. The browser uses them
 * for the errors next to fields and the submit check; the server imports them to validate a
 * submission. A hidden answer (its reveal not open) is not required and is stripped; an unknown key is
 * an error.
 */

/** A condition under which a field is shown: the controlling sibling's answer reveals it. */
interface Condition {
  readonly control: string;
  readonly when: string;
}

const phonePattern = /^\+?[0-9 ().-]{7,20}$/;
const zipPattern = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;
const ssnPattern = /^(?:\d{3}-?\d{2}-?\d{4}|\d{3}[ -]?\d{3}[ -]?\d{3})$/;
const wholeNumberPattern = /^\d{1,7}$/;
// The HTML specification's valid e-mail address, as yup's `email()` has it.
// eslint-disable-next-line no-useless-escape
const emailPattern = /^[a-zA-Z0-9.!#$%&'*+\/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const monthPattern = /^\d{4}-\d{2}$/;
export const maxTextLength = 2000;
export const maxShortTextLength = 200;

/** The pattern a text answer of this kind must match when it is not empty. */
export function textPatternOf(kind: AnswerField['kind']): RegExp | undefined {
  switch (kind) {
    case 'email':
      return emailPattern;
    case 'tel':
      return phonePattern;
    case 'zip':
      return zipPattern;
    case 'ssn':
      return ssnPattern;
    case 'number':
      return wholeNumberPattern;
    default:
      return undefined;
  }
}

/** The longest text an answer of this kind may hold; none for a choice. */
export function maxLengthOf(kind: AnswerField['kind']): number | undefined {
  if (kind === 'textarea') return maxTextLength;
  if (kind === 'yesNo' || kind === 'checkbox' || kind === 'select' || kind === 'radios' || kind === 'checkboxes') return undefined;
  return maxShortTextLength;
}

/** 'Start Date' → 'start date', keeping acronyms and names ('GPA', 'TWIC card', 'DOT') as written. */
function lowerFirst(label: string): string {
  return label
    .split(' ')
    .map((word) =>
      word
        .split('/')
        .map((part) => (/^[A-Z][a-z]+$/.test(part) ? part.toLowerCase() : part))
        .join('/'),
    )
    .join(' ');
}

export function requiredMessage(field: AnswerField): string {
  if (field.requiredMessage) return field.requiredMessage;
  switch (field.kind) {
    case 'yesNo':
      return `Select yes or no: ${field.label}`;
    case 'checkbox':
      return `Tick the box: ${field.label}`;
    case 'select':
    case 'radios':
    case 'checkboxes':
    case 'region':
      return field.label.endsWith('?') ? `Select an answer: ${field.label}` : `Select ${lowerFirst(field.label)}`;
    default:
      return `Enter ${lowerFirst(field.label)}`;
  }
}

function todayIso(): string {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

function isRealDate(value: string): boolean {
  if (datePattern.test(value)) {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900;
  }
  if (monthPattern.test(value)) {
    const [year, month] = value.split('-').map(Number) as [number, number];
    return month >= 1 && month <= 12 && year >= 1900;
  }
  return false;
}

function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * The rules of answers beyond type, pattern and length, each true when a non-empty value passes.
 * The yup schemas below and the server's compiled check (document-json-schema.ts) both call these,
 * so a rule exists once.
 */
export const answerRules = {
  /** A real calendar date (`date`), or a real month and year, a full date also accepted (`month`). */
  realDate: (kind: 'date' | 'month', value: string): boolean => isRealDate(value) && (kind === 'month' || datePattern.test(value)),
  notFuture: (kind: 'date' | 'month', value: string): boolean => {
    const length = kind === 'date' ? 10 : 7;
    return value.slice(0, length) <= todayIso().slice(0, length);
  },
  plausibleBirthDate: (value: string): boolean => {
    if (!isRealDate(value)) return true;
    const age = ageOn(value, todayIso());
    return age >= 14 && age <= 110;
  },
  /** An end date against its start date (a sibling answer); no verdict while either is missing. */
  notBefore: (value: string, start: unknown): boolean => {
    if (typeof start !== 'string' || !start) return true;
    const length = Math.min(value.length, start.length, 10);
    return value.slice(0, length) >= start.slice(0, length);
  },
  /** A confirmation (confirm email) against the answer it repeats, ignoring case and outer spaces. */
  matches: (value: string | undefined, first: unknown): boolean => {
    if (!value && !first) return true;
    return (value ?? '').trim().toLowerCase() === (typeof first === 'string' ? first.trim().toLowerCase() : '');
  },
  notBlank: (value: string | undefined): boolean => (value ?? '').trim() !== '',
};

/** The values a choice may take. */
export function allowedValuesOf(field: AnswerField): string[] | undefined {
  switch (field.kind) {
    case 'yesNo':
      return ['yes', 'no'];
    case 'checkbox':
      return ['yes', ''];
    case 'select':
    case 'radios':
    case 'checkboxes':
      return getOptions(field.options).map((option) => option.value);
    default:
      return undefined;
  }
}

function findLabel(nodes: readonly FieldNode[], name: string): string {
  for (const node of nodes) {
    if (isAnswerField(node) && node.name === name) return node.label;
    if (node.kind === 'group') {
      const found = findLabel(node.fields, name);
      if (found !== name) return found;
    }
    for (const reveal of revealsOf(node)) {
      const found = findLabel(reveal.fields, name);
      if (found !== name) return found;
    }
  }
  return name;
}

/** The schema of one answer when it is shown. */
function answerSchema(field: AnswerField, siblings: readonly FieldNode[]): Schema {
  const required = requiredMessage(field);
  const allowed = allowedValuesOf(field);
  if (field.kind === 'checkboxes') {
    let schema = array(string().oneOf(allowed ?? [], `${field.label}: choose from the list`).defined()).typeError(`${field.label}: choose from the list`);
    if (field.required) schema = schema.required(required).min(1, required);
    return schema;
  }

  let schema = string().typeError(`${field.label} must be text`);
  switch (field.kind) {
    case 'yesNo':
      schema = schema.oneOf(allowed ?? [], required);
      break;
    case 'checkbox':
      schema = schema.oneOf(allowed ?? [], `${field.label}: tick the box or leave it empty`);
      break;
    case 'select':
    case 'radios':
      schema = schema.oneOf(allowed ?? [], `${field.label}: choose from the list`);
      break;
    case 'email':
      schema = schema.matches(emailPattern, { message: 'Enter an email address in the correct format, like name@example.com', excludeEmptyString: true });
      break;
    case 'tel':
      schema = schema.matches(phonePattern, { message: `Enter ${lowerFirst(field.label)} as a phone number, like (540) 555-0142`, excludeEmptyString: true });
      break;
    case 'zip':
      schema = schema.matches(zipPattern, { message: `Enter ${lowerFirst(field.label)} like 24012 or K1A 0B1`, excludeEmptyString: true });
      break;
    case 'ssn':
      schema = schema.matches(ssnPattern, {
        message: 'Enter a 9-digit Social Security Number, like 123-45-6789, or a 9-digit Social Insurance Number',
        excludeEmptyString: true,
      });
      break;
    case 'number':
      schema = schema.matches(wholeNumberPattern, { message: `${field.label} must be a whole number, like 24`, excludeEmptyString: true });
      break;
    case 'date':
    case 'month': {
      const kind = field.kind;
      const kindText = kind === 'date' ? 'date' : 'month and year';
      schema = schema.test('real-date', `Enter a real ${kindText} for ${lowerFirst(field.label)}`, (value) => !value || answerRules.realDate(kind, value));
      if (field.notFuture) schema = schema.test('not-future', `${field.label} must be today or in the past`, (value) => !value || answerRules.notFuture(kind, value));
      if (field.birthDate) schema = schema.test('plausible-age', 'Enter a real date of birth', (value) => !value || answerRules.plausibleBirthDate(value));
      if (field.notBefore) {
        const other = field.notBefore;
        const otherLabel = findLabel(siblings, other);
        schema = schema.test('not-before', `${field.label} must be the same as or after ${lowerFirst(otherLabel)}`, function notBefore(value) {
          return !value || answerRules.notBefore(value, (this.parent as Record<string, unknown>)[other]);
        });
      }
      break;
    }
    default:
      break;
  }

  const maxLength = maxLengthOf(field.kind);
  if (maxLength !== undefined) schema = schema.max(maxLength, `${field.label} must be ${maxLength} characters or fewer`);

  if ('matches' in field && field.matches) {
    const other = field.matches;
    const otherLabel = findLabel(siblings, other);
    schema = schema.test('matches', `${field.label} must match ${lowerFirst(otherLabel)}`, function matches(value) {
      return answerRules.matches(value, (this.parent as Record<string, unknown>)[other]);
    });
  }

  return field.required ? schema.required(required).test('not-blank', required, answerRules.notBlank) : schema.optional();
}

function listSchema(list: ListNode): Schema {
  const minimum = list.minEntries ?? 0;
  let schema = array(entrySchema(list)).typeError(`${list.label} must be a list`);
  if (minimum > 0) {
    schema = schema.min(minimum, `Add at least ${minimum === 1 ? 'one' : minimum} ${lowerFirst(list.itemLabel)}${minimum === 1 ? '' : 's'}`);
  }
  return schema.required(`Add at least one ${lowerFirst(list.itemLabel)}`);
}

/** Applies the reveal conditions: shown → the field's schema; hidden → optional and stripped. */
function conditional(schema: Schema, conditions: readonly Condition[]): Schema {
  if (conditions.length === 0) return schema;
  const controls = conditions.map((condition) => condition.control);
  return mixed().when(controls, (values: unknown[], hidden: Schema) => {
    const shown = conditions.every((condition, index) => isRevealed(condition.when, values[index] as string | string[] | undefined));
    return shown ? schema : hidden.strip().optional();
  });
}

function addShape(
  nodes: readonly FieldNode[],
  siblings: readonly FieldNode[],
  conditions: readonly Condition[],
  shape: Record<string, Schema>,
): void {
  for (const node of nodes) {
    if (node.kind === 'content') continue;
    if (node.kind === 'group') {
      addShape(node.fields, siblings, conditions, shape);
      continue;
    }
    shape[node.name] = conditional(node.kind === 'list' ? listSchema(node) : answerSchema(node, siblings), conditions);
    for (const reveal of revealsOf(node)) {
      addShape(reveal.fields, siblings, [...conditions, { control: node.name, when: reveal.when }], shape);
    }
  }
}

function objectSchemaOf(nodes: readonly FieldNode[]): ObjectSchema<AnyObject> {
  const shape: Record<string, Schema> = {};
  addShape(nodes, nodes, [], shape);
  return object(shape)
    .noUnknown(({ unknown }: { unknown?: string }) => `Unknown answer: ${unknown ?? ''}`)
    .strict();
}

function entrySchema(list: ListNode): ObjectSchema<AnyObject> {
  return objectSchemaOf(list.fields);
}

/** The schema of a free-standing set of fields (the Add History Item form). */
export function buildFieldsSchema(fields: readonly FieldNode[]): ObjectSchema<AnyObject> {
  return objectSchemaOf(fields);
}

export function buildStepSchema(form: StepForm): ObjectSchema<AnyObject> {
  return objectSchemaOf(form.fields);
}

const builtSchemas = new Map<StepId, ObjectSchema<AnyObject>>();

/**
 * The schema of a step with answers (undefined for the others), built the first time it is asked
 * for: building all of them when the application starts would hold up its first paint.
 */
export function stepSchema(step: StepId): ObjectSchema<AnyObject> | undefined {
  const built = builtSchemas.get(step);
  if (built) return built;
  const form = answerForms.find((candidate) => candidate.step === step);
  if (!form) return undefined;
  const schema = buildStepSchema(form);
  builtSchemas.set(step, schema);
  return schema;
}

export interface FieldError {
  /** `name`, or `list[index].name` for a field of a list entry, or `list` for the list itself. */
  readonly path: string;
  readonly message: string;
}

/** Every problem with a step's document, in screen order; none for a complete step. */
export function validateStepDocument(step: StepId, document: AnswerDocument): FieldError[] {
  const schema = stepSchema(step);
  return schema ? validateDocument(schema, document) : [];
}

export function validateDocument(schema: ObjectSchema<AnyObject>, document: AnswerDocument): FieldError[] {
  try {
    schema.validateSync(document, { abortEarly: false });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const inner = error.inner.length > 0 ? error.inner : [error];
    const seen = new Set<string>();
    return inner
      .map((item) => ({ path: item.path ?? '', message: item.message }))
      .filter((item) => {
        if (seen.has(item.path)) return false;
        seen.add(item.path);
        return true;
      });
  }
}
