import type { ApplicationSnapshot } from './application-machine.ts';
import { allLists, countedEntries, entriesOf, stepDocument, type Answers, type AnswerDocument } from './form/answers.ts';
import { getStepForm } from './form/step-forms.ts';
import { historyDraftProblems } from './form/history-draft.ts';
import { historyCoverage, type HistoryCoverage } from './form/history-coverage.ts';
import type { StepId } from './steps.ts';

/**
 * The Employment/Contract History step (decisions 18 and 19): one table of every dated entry given
 * on the employment-type steps plus the items added here, its coverage of the 10-year window, and
 * the Add History Item form's errors.
 */

export interface HistoryRow {
  /** Entry id; rows from other steps are changed on their own step. */
  readonly id: string;
  readonly source: StepId;
  readonly type: string;
  readonly description: string;
  readonly start: string;
  readonly end: string;
}

interface HistorySource {
  readonly step: StepId;
  readonly list: string;
  readonly type: (values: AnswerDocument) => string;
  readonly description: (values: AnswerDocument) => string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const historySources: readonly HistorySource[] = [
  { step: 'employed', list: 'employers', type: () => 'Employment/Contract', description: (v) => text(v['company-name']) },
  { step: 'training', list: 'driver-training', type: () => 'Driving School', description: (v) => text(v['school-name']) },
  { step: 'education', list: 'schools', type: () => 'School', description: (v) => text(v['school-name']) },
  { step: 'unemployed', list: 'unemployment', type: () => 'Unemployment', description: (v) => text(v.comments) || 'Unemployed' },
  { step: 'military', list: 'military-service', type: () => 'Military', description: (v) => text(v['branch-of-service']) },
  { step: 'employment', list: 'history-items', type: (v) => text(v.type), description: (v) => text(v.comments) },
];

const rowCache = new WeakMap<Answers, readonly HistoryRow[]>();

/** Only entries that are shown (their step's declaring question answered Yes) count. */
export function historyRows(answers: Answers): readonly HistoryRow[] {
  const cached = rowCache.get(answers);
  if (cached) return cached;
  const rows: HistoryRow[] = [];
  for (const source of historySources) {
    const form = getStepForm(source.step);
    const stepAnswers = answers[source.step];
    if (!form || !stepAnswers) continue;
    const shown = stepDocument(form, stepAnswers)[source.list];
    const list = allLists(form.fields).find((candidate) => candidate.name === source.list);
    if (!Array.isArray(shown) || !list) continue;
    const counted = countedEntries(list, entriesOf(stepAnswers, source.list));
    shown.forEach((values, index) => {
      rows.push({
        id: counted[index]?.id ?? `${source.list}-${index}`,
        source: source.step,
        type: source.type(values),
        description: source.description(values),
        start: text(values['start-date']),
        end: text(values['end-date']),
      });
    });
  }
  rows.sort((a, b) => (b.start || '').localeCompare(a.start || ''));
  rowCache.set(answers, rows);
  return rows;
}

export function selectHistoryRows(snapshot: ApplicationSnapshot): readonly HistoryRow[] {
  return historyRows(snapshot.context.answers);
}

export function selectHistoryCoverage(snapshot: ApplicationSnapshot, today: Date): HistoryCoverage {
  return historyCoverage(
    selectHistoryRows(snapshot).map((row) => ({ start: row.start, end: row.end })),
    today,
  );
}

export function selectHistoryFormIsOpen(snapshot: ApplicationSnapshot): boolean {
  return snapshot.matches({ historyForm: 'open' });
}

export function selectHistoryDraftError(snapshot: ApplicationSnapshot, name: string): string | undefined {
  const draft = snapshot.context.historyDraft;
  if (!draft.saveAttempted && !draft.touched.includes(name)) return undefined;
  return historyDraftProblems(draft.values).get(name);
}
