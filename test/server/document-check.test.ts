// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { validateApplicationDocument, type ApplicationDocument } from '../../machines/form/application-document.ts';
import { forEachNode } from '../../machines/form/answers.ts';
import { isAnswerField, revealsOf, type AnswerField, type FieldNode, type ListNode } from '../../machines/form/field-types.ts';
import { allowedValuesOf } from '../../machines/form/schemas.ts';
import { answerForms } from '../../machines/form/step-forms.ts';
import { noticeSteps } from '../../machines/steps.ts';
import { compileDocumentCheck } from '../../server/api/document-check.ts';
import { sampleValue, sampleTime, samplePngSignature } from '../support/sample-answers.ts';
import { completeDocument } from '../support/test-site.ts';

/**
 * The compiled check (Ajv, server/api/document-check.ts) must accept exactly what the yup path
 * (validateApplicationDocument) finds no problem with: it decides alone when a submission is stored.
 * Thousands of documents derived from the complete sample, one change each (every answer given
 * every kind of value, reveals opened and closed, entries added and removed, the signature and
 * notices broken), are put to both.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const check = compileDocumentCheck();

function isoDay(offsetDays: number, yearsBack = 0): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - yearsBack);
  date.setDate(date.getDate() + offsetDays);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

const wrongTypes: (Json | undefined)[] = [undefined, 42, null, true, {}, [], ['x'], '', '   '];
const texts: Json[] = [
  'x',
  ' padded ',
  'x'.repeat(200),
  'x'.repeat(201),
  'x'.repeat(2000),
  'x'.repeat(2001),
  '😀'.repeat(100),
  '😀'.repeat(101),
  'name@example.com',
  'not an email',
  'a@b',
  '(540) 555-0142',
  '+1 540 555 0142',
  '555',
  '24012',
  'K1A 0B1',
  '-1234',
  '123-45-6789',
  '123456789',
  '123 456 789',
  '12345678',
  '24',
  '12345678901',
  '3.5',
];
const dates: Json[] = [
  '2024-07-15',
  '2024-07',
  '2024-02-29',
  '2023-02-29',
  '2024-13',
  '2024-00',
  '1899-12-31',
  '1900-01',
  '2999-01-01',
  '2999-01',
  ' 2024-07-15',
  '2024-7-15',
  '1985-04-12',
  '2010-06-15',
  isoDay(0),
  isoDay(1),
  isoDay(0, 14),
  isoDay(1, 14),
  isoDay(0, 110),
  isoDay(-1, 111),
  isoDay(0).slice(0, 7),
];

function candidateValues(field: AnswerField): (Json | undefined)[] {
  const allowed = allowedValuesOf(field) ?? [];
  switch (field.kind) {
    case 'checkboxes':
      return [...wrongTypes, 'x', ...allowed.map((value) => [value]), allowed.slice(0, 3), [allowed[0] ?? '', 'not-an-option'], [allowed[0] ?? '', 1]];
    case 'yesNo':
    case 'checkbox':
    case 'select':
    case 'radios':
      return [...wrongTypes, ...allowed, 'not-an-option', 'YES', [allowed[0] ?? '']];
    case 'date':
    case 'month':
      return [...wrongTypes, ...dates];
    default:
      return [...wrongTypes, ...texts];
  }
}

interface Variant {
  readonly change: string;
  readonly document: Json;
}

function withValue(object: JsonObject, name: string, value: Json | undefined): JsonObject {
  const copy = { ...object };
  if (value === undefined) delete copy[name];
  else copy[name] = value;
  return copy;
}

function declaredFields(nodes: readonly FieldNode[]): (AnswerField | ListNode)[] {
  const fields: (AnswerField | ListNode)[] = [];
  forEachNode(nodes, (node) => {
    if (isAnswerField(node) || node.kind === 'list') fields.push(node);
  });
  return fields;
}

/** The fields a reveal shows, at any depth (to close it completely). */
function revealedNames(field: AnswerField, when: string): string[] {
  const reveal = revealsOf(field).find((candidate) => candidate.when === when);
  return reveal ? declaredFields(reveal.fields).map((node) => node.name) : [];
}

/** Every one-change variant of an object of answers (a step's document or a list entry). */
function objectVariants(nodes: readonly FieldNode[], object: JsonObject, path: string): Variant[] {
  const variants: Variant[] = [{ change: `${path}: unknown answer`, document: { ...object, nickname: 'x' } }];
  for (const field of declaredFields(nodes)) {
    const at = `${path}.${field.name}`;
    if (field.kind === 'list') {
      const entries = Array.isArray(object[field.name]) ? (object[field.name] as JsonObject[]) : [];
      const first = entries[0];
      for (const value of [undefined, [], 'x', {}, [null], ['x'], [{}], first ? [first] : [], first ? [...entries, first] : []] as (Json | undefined)[]) {
        variants.push({ change: `${at} = ${JSON.stringify(value)?.slice(0, 40)}`, document: withValue(object, field.name, value) });
      }
      if (first) {
        for (const variant of objectVariants(field.fields, first, `${at}[0]`)) {
          variants.push({ change: variant.change, document: { ...object, [field.name]: [variant.document, ...entries.slice(1)] } });
        }
      }
      continue;
    }
    for (const value of candidateValues(field)) {
      variants.push({ change: `${at} = ${JSON.stringify(value)?.slice(0, 40)}`, document: withValue(object, field.name, value) });
    }
    if (!(field.name in object)) {
      // A hidden question answered anyway.
      variants.push({ change: `${at} answered while hidden`, document: { ...object, [field.name]: sampleValue(field) as Json } });
    }
    for (const reveal of revealsOf(field)) {
      // The reveal closed properly: another answer given and what it showed taken away.
      const closing = (allowedValuesOf(field) ?? ['no']).find((value) => value !== reveal.when);
      if (closing === undefined) continue;
      const closed = withValue(object, field.name, field.kind === 'checkboxes' ? [] : closing);
      for (const name of revealedNames(field, reveal.when)) delete closed[name];
      variants.push({ change: `${at} closed (${closing})`, document: closed });
    }
  }
  return variants;
}

function documentVariants(document: ApplicationDocument): Variant[] {
  const base = JSON.parse(JSON.stringify(document)) as JsonObject;
  const answers = base.answers as JsonObject;
  const variants: Variant[] = [{ change: 'the complete sample', document: base }];
  const put = (change: string, part: string, value: Json | undefined) => variants.push({ change, document: withValue(base, part, value) });

  for (const form of answerForms) {
    const stepAnswers = answers[form.step] as JsonObject;
    for (const variant of objectVariants(form.fields, stepAnswers, form.step)) {
      put(variant.change, 'answers', { ...answers, [form.step]: variant.document });
    }
    for (const value of [undefined, null, [], 'x', {}] as (Json | undefined)[]) put(`${form.step} = ${JSON.stringify(value)}`, 'answers', withValue(answers, form.step, value));
  }
  put('an unknown step', 'answers', { ...answers, bonus: {} });
  for (const value of [undefined, null, [], 'x'] as (Json | undefined)[]) put(`answers = ${JSON.stringify(value)}`, 'answers', value);

  const acknowledgements = base.acknowledgements as JsonObject;
  for (const notice of noticeSteps) {
    for (const value of [undefined, '', 'yes', '2024-07-15', '2024-07-15T25:99:00Z', `${sampleTime}${'0'.repeat(30)}`, 42, '2024-07-15T10:00:00+02:00']) {
      put(`acknowledgements.${notice.id} = ${JSON.stringify(value)}`, 'acknowledgements', withValue(acknowledgements, notice.id, value));
    }
  }
  put('an unknown notice', 'acknowledgements', { ...acknowledgements, bonus: sampleTime });
  for (const value of [undefined, null, [], 'x'] as (Json | undefined)[]) put(`acknowledgements = ${JSON.stringify(value)}`, 'acknowledgements', value);

  const signatures: Json[] = [
    { method: 'typed', name: 'Jordan Avery Smith', signedAt: sampleTime },
    { method: 'typed', name: 'ab', signedAt: sampleTime },
    { method: 'typed', name: ' a ', signedAt: sampleTime },
    { method: 'typed', name: 'x'.repeat(201), signedAt: sampleTime },
    { method: 'typed', name: '😀', signedAt: sampleTime },
    { method: 'typed', name: 'Jordan Smith', signedAt: 'yesterday' },
    { method: 'typed', name: 'Jordan Smith' },
    { method: 'typed', name: 'Jordan Smith', signedAt: sampleTime, image: samplePngSignature },
    { method: 'drawn', image: samplePngSignature, signedAt: sampleTime },
    { method: 'drawn', image: 'data:image/jpeg;base64,AAAA', signedAt: sampleTime },
    { method: 'drawn', image: `data:image/png;base64,${'A'.repeat(500_001)}`, signedAt: sampleTime },
    { method: 'drawn', image: samplePngSignature, signedAt: sampleTime, name: 'Jordan Smith' },
    { method: 'drawn', signedAt: sampleTime },
    { method: 'stamped', image: samplePngSignature, signedAt: sampleTime },
    null,
    'Jordan Smith',
  ];
  for (const signature of signatures) put(`signature = ${JSON.stringify(signature).slice(0, 60)}`, 'signature', signature);
  put('no signature', 'signature', undefined);
  for (const version of [undefined, 2, '1', null]) put(`version = ${JSON.stringify(version)}`, 'version', version);
  variants.push({ change: 'an unknown part', document: { ...base, extra: true } });
  for (const value of [null, [], 'x', 42]) variants.push({ change: `the document = ${JSON.stringify(value)}`, document: value });
  return variants;
}

describe('the compiled check of a submitted application', () => {
  it('accepts the complete sample application, as the yup path does', () => {
    const document = completeDocument();
    expect(validateApplicationDocument(document)).toEqual([]);
    expect(check.isComplete(document)).toBe(true);
    expect(check.problemsOf(document)).toEqual([]);
  });

  it('gives the same verdict as the yup path on every one-change variant of it', () => {
    const variants = documentVariants(completeDocument());
    const disagreements: string[] = [];
    let accepted = 0;
    for (const variant of variants) {
      const yupAccepts = validateApplicationDocument(variant.document).length === 0;
      if (yupAccepts) accepted += 1;
      if (check.isComplete(variant.document) !== yupAccepts) disagreements.push(`${variant.change}: yup ${yupAccepts ? 'accepts' : 'refuses'}`);
    }
    expect(disagreements).toEqual([]);
    // Both verdicts are exercised: many variants are still complete applications, most are not.
    expect(variants.length).toBeGreaterThan(3000);
    expect(accepted).toBeGreaterThan(300);
    expect(variants.length - accepted).toBeGreaterThan(2000);
  }, 300_000);

  it('words the problems with the yup path when the document is refused', () => {
    const document = completeDocument();
    const broken = { ...document, answers: { ...document.answers, personal: { ...document.answers.personal, 'first-name': 42 } } };
    expect(check.isComplete(broken)).toBe(false);
    expect(check.problemsOf(broken)).toEqual(validateApplicationDocument(broken));
    expect(check.problemsOf(broken).map((problem) => problem.field)).toContain('personal.first-name');
  });
});
