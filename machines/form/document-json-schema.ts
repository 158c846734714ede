import { noticeSteps } from '../steps.ts';
import { revealsOf, type AnswerField, type FieldNode, type ListNode } from './field-types.ts';
import { applicationDocumentVersion, isIsoTime } from './application-document.ts';
import { isPngDataUrl, isTypedSignatureName, maxSignatureLength, maxTypedSignatureLength } from './application-status.ts';
import { allowedValuesOf, answerRules, maxLengthOf, textPatternOf } from './schemas.ts';
import { answerForms } from './step-forms.ts';

/**
 * The submitted application as one JSON Schema, derived from the same declarations as the yup
 * schemas, for the server's compiled check (server/api/document-check.ts). It accepts exactly the
 * documents `validateApplicationDocument` finds no problem with, which the equivalence tests hold;
 * the yup path stays the one that words the problems (docs/performance.md, "Submissions").
 *
 * Rules that are functions rather than structure (real dates, today, a sibling's answer) are the
 * custom keywords below, each calling the predicate the yup schema calls.
 */

export type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * A custom keyword: its name in the schema, the JSON type it applies to, and whether a value passes
 * given the keyword's argument and the object holding the value.
 */
export interface RuleKeyword {
  readonly keyword: string;
  readonly type: 'string' | 'object';
  readonly passes: (argument: unknown, value: never, parent: Readonly<Record<string, unknown>>) => boolean;
}

const dateKind = (argument: unknown): 'date' | 'month' => (argument === 'month' ? 'month' : 'date');

/** Every custom keyword. A string rule lets an empty answer through, as yup's tests do. */
export const ruleKeywords: readonly RuleKeyword[] = [
  { keyword: 'realDate', type: 'string', passes: (kind, value: string) => !value || answerRules.realDate(dateKind(kind), value) },
  { keyword: 'notFuture', type: 'string', passes: (kind, value: string) => !value || answerRules.notFuture(dateKind(kind), value) },
  { keyword: 'plausibleBirthDate', type: 'string', passes: (_, value: string) => !value || answerRules.plausibleBirthDate(value) },
  { keyword: 'notBefore', type: 'string', passes: (sibling, value: string, parent) => !value || answerRules.notBefore(value, parent[String(sibling)]) },
  { keyword: 'isoTime', type: 'string', passes: (_, value: string) => isIsoTime(value) },
  { keyword: 'typedSignatureName', type: 'string', passes: (_, value: string) => isTypedSignatureName(value) },
  { keyword: 'pngDataUrl', type: 'string', passes: (_, value: string) => isPngDataUrl(value) },
  // On the object, not the field: yup tests a confirmation even when it is left out.
  {
    keyword: 'answersMatch',
    type: 'object',
    passes: (pair, value: Readonly<Record<string, unknown>>) => {
      const [field, other] = pair as [string, string];
      const confirmation = value[field];
      return typeof confirmation === 'string' || confirmation === undefined ? answerRules.matches(confirmation, value[other]) : true;
    },
  },
];

/**
 * Two rules the compiled check writes inline (document-check.ts), being on almost every answer:
 * `maxUnits` (at most that many UTF-16 code units, as yup's `max` counts; JSON Schema's `maxLength`
 * counts code points) and `notBlank` (something besides spaces, yup's `not-blank` test).
 */
export const inlineKeywords = ['maxUnits', 'notBlank'] as const;

/** A shown field's condition: the controlling sibling's answer reveals it. */
interface Condition {
  readonly control: string;
  readonly when: string;
}

/** An answer anchored pattern, an empty answer also matching (yup's `excludeEmptyString`). */
function patternOrEmpty(pattern: RegExp): string {
  return `^$|${pattern.source}`;
}

function answerJsonSchema(field: AnswerField): JsonSchema {
  const allowed = allowedValuesOf(field);
  if (field.kind === 'checkboxes') {
    return { type: 'array', items: { type: 'string', enum: allowed }, ...(field.required ? { minItems: 1 } : {}) };
  }
  const pattern = textPatternOf(field.kind);
  const maxLength = maxLengthOf(field.kind);
  const dateRules =
    field.kind === 'date' || field.kind === 'month'
      ? {
          realDate: field.kind,
          ...(field.notFuture ? { notFuture: field.kind } : {}),
          ...(field.birthDate ? { plausibleBirthDate: true } : {}),
          ...(field.notBefore ? { notBefore: field.notBefore } : {}),
        }
      : {};
  return {
    type: 'string',
    ...(allowed ? { enum: allowed } : {}),
    ...(pattern ? { pattern: patternOrEmpty(pattern) } : {}),
    ...(maxLength !== undefined ? { maxUnits: maxLength } : {}),
    ...dateRules,
    ...(field.required ? { notBlank: true } : {}),
  };
}

function listJsonSchema(list: ListNode): JsonSchema {
  return { type: 'array', items: objectJsonSchema(list.fields), ...(list.minEntries ? { minItems: list.minEntries } : {}) };
}

/** The answer a condition needs: the control's text, or one of its ticked options. */
function revealingAnswer(when: string): JsonSchema {
  return { anyOf: [{ const: when }, { type: 'array', contains: { const: when } }] };
}

function addProperties(
  nodes: readonly FieldNode[],
  conditions: readonly Condition[],
  target: { properties: Record<string, JsonSchema>; required: string[]; allOf: JsonSchema[]; answersMatch: [string, string][] },
): void {
  for (const node of nodes) {
    if (node.kind === 'content') continue;
    if (node.kind === 'group') {
      addProperties(node.fields, conditions, target);
      continue;
    }
    if (node.name in target.properties) throw new Error(`Two fields named ${node.name} in one document`);
    target.properties[node.name] = node.kind === 'list' ? listJsonSchema(node) : answerJsonSchema(node);
    const required = node.kind === 'list' || node.required === true;
    if (node.kind !== 'list' && 'matches' in node && node.matches) {
      if (conditions.length > 0) throw new Error(`${node.name}: a confirmation inside a reveal is not supported`);
      target.answersMatch.push([node.name, node.matches]);
    }
    if (conditions.length === 0) {
      if (required) target.required.push(node.name);
    } else {
      // Shown: required if the field is; hidden: absent (the screens never send a hidden answer).
      target.allOf.push({
        if: {
          properties: Object.fromEntries(conditions.map((condition) => [condition.control, revealingAnswer(condition.when)])),
          required: [...new Set(conditions.map((condition) => condition.control))],
        },
        then: required ? { required: [node.name] } : true,
        else: { not: { required: [node.name] } },
      });
    }
    for (const reveal of revealsOf(node)) addProperties(reveal.fields, [...conditions, { control: node.name, when: reveal.when }], target);
  }
}

function objectJsonSchema(nodes: readonly FieldNode[]): JsonSchema {
  const target = { properties: {} as Record<string, JsonSchema>, required: [] as string[], allOf: [] as JsonSchema[], answersMatch: [] as [string, string][] };
  addProperties(nodes, [], target);
  const matchRules = target.answersMatch.map((pair) => ({ answersMatch: pair }));
  return {
    type: 'object',
    properties: target.properties,
    additionalProperties: false,
    ...(target.required.length > 0 ? { required: target.required } : {}),
    ...(target.allOf.length + matchRules.length > 0 ? { allOf: [...target.allOf, ...matchRules] } : {}),
  };
}

const signedAt = { type: 'string', isoTime: true };

/** The whole submitted application (application-document.ts) as a JSON Schema. */
export function applicationDocumentJsonSchema(): JsonSchema {
  const steps = answerForms.map((form) => ({ step: form.step, schema: objectJsonSchema(form.fields) }));
  return {
    type: 'object',
    additionalProperties: false,
    required: ['version', 'answers', 'acknowledgements', 'signature'],
    properties: {
      version: { const: applicationDocumentVersion },
      answers: {
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(steps.map(({ step, schema }) => [step, schema])),
        // A step left out is read as no answers, which is only complete for a step that requires none.
        required: steps.filter(({ schema }) => 'required' in schema).map(({ step }) => step),
      },
      acknowledgements: {
        type: 'object',
        additionalProperties: false,
        required: noticeSteps.map((notice) => notice.id),
        properties: Object.fromEntries(noticeSteps.map((notice) => [notice.id, signedAt])),
      },
      signature: {
        oneOf: [
          {
            type: 'object',
            additionalProperties: false,
            required: ['method', 'image', 'signedAt'],
            properties: { method: { const: 'drawn' }, image: { type: 'string', maxUnits: maxSignatureLength, pngDataUrl: true }, signedAt },
          },
          {
            type: 'object',
            additionalProperties: false,
            required: ['method', 'name', 'signedAt'],
            properties: { method: { const: 'typed' }, name: { type: 'string', maxUnits: maxTypedSignatureLength, typedSignatureName: true }, signedAt },
          },
        ],
      },
    },
  };
}
