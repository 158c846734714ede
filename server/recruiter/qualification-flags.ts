import type { ApplicationDocument } from '../../machines/form/application-document.ts';
import { formatDate } from '../../machines/form/answer-summary.ts';
import { isPlainObject } from '../../machines/form/answers.ts';
import type { StepId } from '../../machines/steps.ts';

/**
 * The requirements page's criteria (spec sections 1 and 9) checked against an application's answers
 * on the server. A flag informs the recruiter only: the applicant never sees it and nothing is
 * rejected because of it. Boundaries and reasoning: docs/recruiter.md.
 */

export interface QualificationFlag {
  readonly id: QualificationFlagId;
  readonly label: string;
  /** What raised it, one line per answer: "DUI/OWI on 3 March 2019". */
  readonly reasons: readonly string[];
}

export const minimumAge = 21;
export const duiLookbackYears = 10;
export const atFaultAccidentYears = 2;
export const maxAtFaultAccidents = 1;
export const majorAccidentYears = 5;
export const movingViolationYears = 2;
export const maxMovingViolations = 2;

/** A calendar date as year, month (1–12) and day; a month/year answer has no day. */
interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day?: number;
}

function parseCalendarDate(value: unknown): CalendarDate | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const [, year, month, day] = match;
  return { year: Number(year), month: Number(month), ...(day ? { day: Number(day) } : {}) };
}

function compare(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || (a.day ?? 0) - (b.day ?? 0);
}

/** The submission's calendar date (UTC), the day every window is counted back from. */
function submissionDay(submittedAt: Date): Required<CalendarDate> {
  return { year: submittedAt.getUTCFullYear(), month: submittedAt.getUTCMonth() + 1, day: submittedAt.getUTCDate() };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The same calendar day `years` earlier (29 February falls back to the 28th). */
function yearsBefore(day: Required<CalendarDate>, years: number): Required<CalendarDate> {
  const year = day.year - years;
  return { year, month: day.month, day: Math.min(day.day, daysInMonth(year, day.month)) };
}

/**
 * Whether `date` falls within the `years` before the submission day, that day of `years` ago
 * included. A month/year answer counts when any day of its month does.
 */
export function isWithinYears(date: CalendarDate, submittedAt: Date, years: number): boolean {
  const start = yearsBefore(submissionDay(submittedAt), years);
  const comparable = date.day === undefined ? { ...date, day: daysInMonth(date.year, date.month) } : date;
  return compare(comparable, start) >= 0;
}

/** Whether someone born on `birth` is younger than `minimumAge` on the submission day (their birthday that day counts). */
export function isUnderAge(birth: CalendarDate, submittedAt: Date, age = minimumAge): boolean {
  const day = submissionDay(submittedAt);
  const birthday = { year: birth.year + age, month: birth.month, day: birth.day ?? 1 };
  // Born on 29 February: the birthday is 1 March in a year without one.
  const adjusted = birthday.day > daysInMonth(birthday.year, birthday.month) ? { year: birthday.year, month: 3, day: 1 } : birthday;
  return compare(day, adjusted) < 0;
}

type Answers = Readonly<Record<string, unknown>>;

function stepAnswers(document: ApplicationDocument, step: StepId): Answers {
  const answers = document.answers[step];
  return isPlainObject(answers) ? answers : {};
}

function entries(answers: Answers, list: string): Answers[] {
  const value = answers[list];
  return Array.isArray(value) ? value.filter(isPlainObject) : [];
}

function when(date: unknown): string {
  return typeof date === 'string' ? formatDate(date) : 'an unknown date';
}

interface Criterion {
  readonly id: string;
  /** The inbox's column for it (`schema.ts` InboxColumns). */
  readonly column: 'flag_under_21' | 'flag_dui' | 'flag_accidents' | 'flag_violations' | 'flag_drug_test';
  readonly label: string;
  /** Why the flag is raised (empty: it is not). */
  readonly reasons: (document: ApplicationDocument, submittedAt: Date) => string[];
}

/** The criteria, in the requirements page's order. */
export const qualificationCriteria = [
  {
    id: 'under-21',
    column: 'flag_under_21',
    label: `Under ${minimumAge}`,
    reasons(document, submittedAt) {
      const birth = stepAnswers(document, 'personal')['date-of-birth'];
      const date = parseCalendarDate(birth);
      return date && isUnderAge(date, submittedAt) ? [`Born ${when(birth)}: under ${minimumAge} on the day of application`] : [];
    },
  },
  {
    id: 'dui',
    column: 'flag_dui',
    label: `DUI/OWI within ${duiLookbackYears} years`,
    reasons(document, submittedAt) {
      const recent = (date: unknown) => {
        const parsed = parseCalendarDate(date);
        return parsed !== undefined && isWithinYears(parsed, submittedAt, duiLookbackYears);
      };
      const reasons = entries(stepAnswers(document, 'violations'), 'violations')
        .filter((violation) => violation.charge === 'DUI/OWI' && recent(violation['violation-date']))
        .map((violation) => `DUI/OWI violation on ${when(violation['violation-date'])}`);
      const record = stepAnswers(document, 'record');
      if (record['alcohol-offense'] === 'yes' && recent(record['alcohol-offense-date'])) {
        reasons.push(`Conviction for an offence involving alcohol or a controlled substance, ${when(record['alcohol-offense-date'])}`);
      }
      return reasons;
    },
  },
  {
    id: 'accidents',
    column: 'flag_accidents',
    label: 'Accident record',
    reasons(document, submittedAt) {
      const accidents = entries(stepAnswers(document, 'accidents'), 'accidents');
      const within = (accident: Answers, years: number) => {
        const date = parseCalendarDate(accident['accident-date']);
        return date !== undefined && isWithinYears(date, submittedAt, years);
      };
      const reasons: string[] = [];
      const atFault = accidents.filter((accident) => accident['at-fault'] === 'yes' && within(accident, atFaultAccidentYears));
      if (atFault.length > maxAtFaultAccidents) {
        reasons.push(`${atFault.length} at-fault accidents in ${atFaultAccidentYears} years (${atFault.map((accident) => when(accident['accident-date'])).join(', ')})`);
      }
      for (const accident of accidents) {
        if ((accident.type === 'Injury' || accident.type === 'Fatality') && within(accident, majorAccidentYears)) {
          reasons.push(`${accident.type} accident on ${when(accident['accident-date'])}`);
        }
      }
      return reasons;
    },
  },
  {
    id: 'violations',
    column: 'flag_violations',
    label: `More than ${maxMovingViolations} moving violations in ${movingViolationYears} years`,
    reasons(document, submittedAt) {
      const recent = entries(stepAnswers(document, 'violations'), 'violations').filter((violation) => {
        const date = parseCalendarDate(violation['violation-date']);
        return date !== undefined && isWithinYears(date, submittedAt, movingViolationYears);
      });
      return recent.length > maxMovingViolations
        ? [`${recent.length} moving violations in ${movingViolationYears} years (${recent.map((violation) => when(violation['violation-date'])).join(', ')})`]
        : [];
    },
  },
  {
    id: 'drug-test',
    column: 'flag_drug_test',
    label: 'Failed or refused drug or alcohol test',
    reasons(document) {
      const record = stepAnswers(document, 'record');
      return record['failed-drug-test'] === 'yes' ? [`Tested positive on or refused a drug or alcohol test (${when(record['failed-drug-test-date'])})`] : [];
    },
  },
] as const satisfies readonly Criterion[];

export type QualificationFlagId = (typeof qualificationCriteria)[number]['id'];
export type FlagColumn = Criterion['column'];

/** The flags an application raises, in the criteria's order; none for an applicant who meets them all. */
export function qualificationFlags(document: ApplicationDocument, submittedAt: Date): QualificationFlag[] {
  return qualificationCriteria.flatMap((criterion) => {
    const reasons = criterion.reasons(document, submittedAt);
    return reasons.length > 0 ? [{ id: criterion.id, label: criterion.label, reasons }] : [];
  });
}

/** "Maria Elena Alvarez": the applicant's name as the inbox lists and searches it. */
export function applicantNameOf(document: ApplicationDocument): string {
  const personal = stepAnswers(document, 'personal');
  const parts = ['first-name', 'middle-name', 'last-name'].map((name) => personal[name]).filter((part) => typeof part === 'string' && part.trim() !== '');
  return parts.map((part) => String(part).trim()).join(' ') || 'Applicant';
}

/** The inbox columns of an application: its name and its flags, as stored with its row. */
export function inboxColumnsOf(document: ApplicationDocument, submittedAt: Date) {
  const flags = qualificationFlags(document, submittedAt);
  const raised = new Set(flags.map((flag) => flag.id));
  return {
    applicant_name: applicantNameOf(document),
    flags: JSON.stringify(flags),
    ...(Object.fromEntries(qualificationCriteria.map((criterion) => [criterion.column, raised.has(criterion.id) ? 1 : 0])) as Record<FlagColumn, number>),
  };
}
