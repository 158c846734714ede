import type { StepId } from '../steps.ts';
import { isAnswerField, revealsOf, type AnswerField, type AnswerValue, type FieldNode, type ListNode, type StepForm } from './field-types.ts';
import { answerForms } from './step-forms.ts';

/**
 * How answers are held in the application machine's context, and the pure functions over them that
 * decide what is revealed, what is shown and what is submitted. The machine, the screens, the
 * schemas and the server all use these, so a reveal rule exists in exactly one place.
 */

export interface Entry {
  readonly id: string;
  readonly values: Readonly<Record<string, AnswerValue>>;
}

export type StepAnswers = Readonly<Record<string, AnswerValue | readonly Entry[]>>;

export type Answers = Readonly<Partial<Record<StepId, StepAnswers>>>;

/** The plain document of one step or entry, as validated and submitted: hidden answers left out. */
export type AnswerDocument = { [name: string]: AnswerValue | AnswerDocument[] };

/** The key of a field within its step: `name`, or `list/entryId/name` for a field of a list entry. */
export function fieldKey(name: string, entry?: { list: string; entryId: string }): string {
  return entry ? `${entry.list}/${entry.entryId}/${name}` : name;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The entries of list `list` in a step's answers (none when the list has never been shown). */
export function entriesOf(answers: StepAnswers | undefined, list: string): readonly Entry[] {
  const value = answers?.[list];
  return Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null) ? (value as readonly Entry[]) : [];
}

/** Whether an answer reveals the fields shown `when` it is given; anything but an answer reveals nothing. */
export function isRevealed(when: string, value: AnswerValue | undefined): boolean {
  return Array.isArray(value) ? value.includes(when) : value === when;
}

function answerOf(values: Readonly<Record<string, unknown>>, name: string): AnswerValue | undefined {
  const value = values[name];
  return typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    ? (value as AnswerValue)
    : undefined;
}

/** Calls `visit` for every node shown with these values, depth first, in screen order. */
export function forEachVisibleNode(
  nodes: readonly FieldNode[],
  values: Readonly<Record<string, unknown>>,
  visit: (node: FieldNode) => void,
): void {
  for (const node of nodes) {
    visit(node);
    if (node.kind === 'group') forEachVisibleNode(node.fields, values, visit);
    if (!isAnswerField(node)) continue;
    for (const reveal of revealsOf(node)) {
      if (isRevealed(reveal.when, answerOf(values, node.name))) forEachVisibleNode(reveal.fields, values, visit);
    }
  }
}

/** Every node of a declaration, shown or not (lists' own fields excluded). */
export function forEachNode(nodes: readonly FieldNode[], visit: (node: FieldNode) => void): void {
  for (const node of nodes) {
    visit(node);
    if (node.kind === 'group') forEachNode(node.fields, visit);
    for (const reveal of revealsOf(node)) forEachNode(reveal.fields, visit);
  }
}

/**
 * The answers in a document (or list entry) to questions its other answers do not ask, as paths like
 * `accidents[0].injuries`. The screens never submit these (documentOf leaves them out); the server
 * refuses them so nothing unasked is stored.
 */
export function hiddenAnswerPaths(nodes: readonly FieldNode[], document: Readonly<Record<string, unknown>>, prefix = ''): string[] {
  const shown = new Set<string>();
  const paths: string[] = [];
  forEachVisibleNode(nodes, document, (node) => {
    if (isAnswerField(node)) shown.add(node.name);
    if (node.kind !== 'list') return;
    shown.add(node.name);
    const entries = document[node.name];
    if (!Array.isArray(entries)) return;
    entries.forEach((entry: unknown, index) => {
      if (isPlainObject(entry)) paths.push(...hiddenAnswerPaths(node.fields, entry, `${prefix}${node.name}[${index}].`));
    });
  });
  const declared = new Set<string>();
  forEachNode(nodes, (node) => {
    if (isAnswerField(node) || node.kind === 'list') declared.add(node.name);
  });
  for (const name of Object.keys(document)) if (declared.has(name) && !shown.has(name)) paths.push(`${prefix}${name}`);
  return paths;
}

export function visibleAnswerFields(nodes: readonly FieldNode[], values: Readonly<Record<string, unknown>>): AnswerField[] {
  const fields: AnswerField[] = [];
  forEachVisibleNode(nodes, values, (node) => {
    if (isAnswerField(node)) fields.push(node);
  });
  return fields;
}

export function visibleLists(nodes: readonly FieldNode[], values: Readonly<Record<string, unknown>>): ListNode[] {
  const lists: ListNode[] = [];
  forEachVisibleNode(nodes, values, (node) => {
    if (node.kind === 'list') lists.push(node);
  });
  return lists;
}

export function allLists(nodes: readonly FieldNode[]): ListNode[] {
  const lists: ListNode[] = [];
  forEachNode(nodes, (node) => {
    if (node.kind === 'list') lists.push(node);
  });
  return lists;
}

function hasAnyAnswer(values: Readonly<Record<string, AnswerValue>>): boolean {
  return Object.values(values).some((value) => (typeof value === 'string' ? value.trim() !== '' : value.length > 0));
}

/**
 * The entries of a list that count: every entry up to `minEntries`, and any later one with at least
 * one answer (an untouched extra entry, such as the second pre-listed emergency contact, is ignored).
 */
export function countedEntries(list: ListNode, entries: readonly Entry[]): Entry[] {
  const minimum = list.minEntries ?? 0;
  return entries.filter((entry, index) => index < minimum || hasAnyAnswer(entry.values));
}

function documentOf(nodes: readonly FieldNode[], values: Readonly<Record<string, unknown>>): AnswerDocument {
  const document: AnswerDocument = {};
  forEachVisibleNode(nodes, values, (node) => {
    if (isAnswerField(node)) {
      const value = answerOf(values, node.name);
      if (value !== undefined && (typeof value !== 'string' || value !== '')) document[node.name] = value;
    } else if (node.kind === 'list') {
      const entries = (values[node.name] as readonly Entry[] | undefined) ?? [];
      document[node.name] = countedEntries(node, entries).map((entry) => documentOf(node.fields, entry.values));
    }
  });
  return document;
}

/** The step's answers as a plain document: only what is shown, lists as arrays, empty answers left out. */
export function stepDocument(form: StepForm, answers: StepAnswers | undefined): AnswerDocument {
  return documentOf(form.fields, answers ?? {});
}

/** The id of the `sequence`-th entry added to a draft (the machine keeps the counter, so ids are deterministic). */
export function entryId(sequence: number): string {
  return `entry-${sequence}`;
}

/** The answers with the answers of `step` replaced by `update` of them. */
export function withStep(answers: Answers, step: StepId, update: (current: StepAnswers) => StepAnswers): Answers {
  return { ...answers, [step]: update(answers[step] ?? {}) };
}

/** The answers with answer `name` of `step` (not in a list) set to `value`. */
export function withAnswer(answers: Answers, step: StepId, name: string, value: AnswerValue | readonly Entry[]): Answers {
  return withStep(answers, step, (current) => ({ ...current, [name]: value }));
}

/** The answers with `entry` added at the end of list `list` of `step`. */
export function withEntryAdded(answers: Answers, step: StepId, list: string, entry: Entry): Answers {
  return withStep(answers, step, (current) => ({ ...current, [list]: [...entriesOf(current, list), entry] }));
}

/** The answers with `name` of entry `entryId` of list `list` of `step` set to `value`. */
export function withEntryAnswer(answers: Answers, step: StepId, list: string, entryId: string, name: string, value: AnswerValue): Answers {
  return withStep(answers, step, (current) => ({
    ...current,
    [list]: entriesOf(current, list).map((entry) => (entry.id === entryId ? { ...entry, values: { ...entry.values, [name]: value } } : entry)),
  }));
}

/** The answers a new application starts with: empty, but with the pre-listed entries of lists that have them. */
export function initialAnswers(): Answers {
  const answers: Partial<Record<StepId, StepAnswers>> = {};
  for (const form of answerForms) {
    const stepAnswers: Record<string, readonly Entry[]> = {};
    for (const list of allLists(form.fields)) {
      const count = list.initialEntries ?? 0;
      if (count > 0) {
        stepAnswers[list.name] = Array.from({ length: count }, (_, index) => ({ id: `${list.name}-${index + 1}`, values: {} }));
      }
    }
    answers[form.step] = stepAnswers;
  }
  return answers;
}
