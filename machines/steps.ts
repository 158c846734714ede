/**
 * The step list of spec section 2: 28 entries, the home page, the 26 form routes, and a final entry
 * that points back to `/`. Everything that depends on the order of the application (machine states,
 * routes, progress, screens, stories, tests) is derived from this list.
 */

export type ScreenName =
  | 'home'
  | 'requirements'
  | 'personal'
  | 'general'
  | 'emergency'
  | 'license'
  | 'military'
  | 'employed'
  | 'training'
  | 'education'
  | 'unemployed'
  | 'employment'
  | 'record'
  | 'accidents'
  | 'violations'
  | 'criminal'
  | 'confirmation'
  | 'notice'
  | 'signature';

export interface StepDefinition {
  /** Unique id: the state name in the application machine. */
  readonly id: string;
  readonly route: string;
  /** The step list's title (spec: only steps 1 to 16 carry one). */
  readonly title: string;
  /** What the page shows as its heading and in `document.title` (decision 2). */
  readonly heading: string;
  readonly screen: ScreenName;
  /** The forward button submits the application instead of moving on (decision 5). */
  readonly submits?: boolean;
}

export const steps = [
  { id: 'home', route: '/', title: 'Home Page', heading: 'Driver employment application', screen: 'home' },
  { id: 'requirements', route: '/form/1/requirements', title: 'Requirements', heading: 'Requirements', screen: 'requirements' },
  { id: 'personal', route: '/form/2/personal', title: 'Personal Information', heading: 'Personal Information', screen: 'personal' },
  { id: 'general', route: '/form/3/general', title: 'General Information', heading: 'General Information', screen: 'general' },
  { id: 'emergency', route: '/form/3/emergency', title: 'Emergency Contacts', heading: 'Emergency Contacts', screen: 'emergency' },
  { id: 'license', route: '/form/4/license', title: 'License Details', heading: 'License Details', screen: 'license' },
  { id: 'military', route: '/form/5/military', title: 'Military Service', heading: 'Military Service', screen: 'military' },
  { id: 'employed', route: '/form/6/employed', title: 'Employer/Contract Information', heading: 'Employer/Contract Information', screen: 'employed' },
  { id: 'training', route: '/form/7/training', title: 'Driver Training', heading: 'Driver Training', screen: 'training' },
  { id: 'education', route: '/form/8/education', title: 'Education Information', heading: 'Education Information', screen: 'education' },
  { id: 'unemployed', route: '/form/9/unemployed', title: 'Unemployment Information', heading: 'Unemployment Information', screen: 'unemployed' },
  { id: 'employment', route: '/form/10/employment', title: 'Employment/Contract History', heading: 'Employment/Contract History', screen: 'employment' },
  { id: 'record', route: '/form/11/record', title: 'Motor Vehicle Record', heading: 'Motor Vehicle Record', screen: 'record' },
  { id: 'accidents', route: '/form/12/accidents', title: 'Accident Details', heading: 'Accident Details', screen: 'accidents' },
  { id: 'violations', route: '/form/13/violations', title: 'Incident Details', heading: 'Incident Details', screen: 'violations' },
  { id: 'criminal', route: '/form/14/criminal', title: 'Criminal Record', heading: 'Criminal Record', screen: 'criminal' },
  { id: 'confirmation', route: '/form/15/confirmation', title: 'Confirmation', heading: 'Confirmation', screen: 'confirmation' },
  { id: 'rights', route: '/form/16/rights', title: '', heading: 'Summary of Your Rights Under the Fair Credit Reporting Act', screen: 'notice' },
  { id: 'authorization', route: '/form/17/authorization', title: '', heading: 'PSP disclosure and authorization', screen: 'notice' },
  { id: 'disclosure', route: '/form/18/disclosure', title: '', heading: 'Background information disclosure and consent', screen: 'notice' },
  { id: 'disclaimers', route: '/form/19/disclaimers', title: '', heading: 'General disclaimers, authorizations and acknowledgements', screen: 'notice' },
  { id: 'verification', route: '/form/20/verification', title: '', heading: 'Employment verification acknowledgement and release', screen: 'notice' },
  { id: 'consent', route: '/form/21/consent', title: '', heading: 'FMCSA Drug and Alcohol Clearinghouse limited query consent', screen: 'notice' },
  { id: 'summary', route: '/form/22/summary', title: '', heading: 'Summary of rights under the consumer report law section 1681m(a)', screen: 'notice' },
  { id: 'passengers', route: '/form/23/passengers', title: '', heading: 'Transportation of passengers policy', screen: 'notice' },
  { id: 'firearm', route: '/form/24/firearm', title: '', heading: 'Firearm policy', screen: 'notice' },
  { id: 'signature', route: '/form/25/signature', title: '', heading: 'Signature', screen: 'signature', submits: true },
  { id: 'finish', route: '/', title: '', heading: 'Driver employment application', screen: 'home' },
] as const satisfies readonly StepDefinition[];

export type Step = (typeof steps)[number];
export type StepId = Step['id'];

export const stepIds = steps.map((step) => step.id) as StepId[];

/** The form routes of the route table, in order (every entry but the home page and the return to it). */
export const formSteps = steps.filter((step) => step.route !== '/');

/** The nine legal notices (routes 16 to 24), each acknowledged with a checkbox. */
export const noticeSteps = steps.filter((step) => step.screen === 'notice');
export type NoticeId = (typeof noticeSteps)[number]['id'];

export function isNoticeId(value: unknown): value is NoticeId {
  return noticeSteps.some((step) => step.id === value);
}

const stepsById = new Map<string, Step>(steps.map((step) => [step.id, step]));

export function getStep(id: StepId): Step {
  const step = stepsById.get(id);
  if (!step) throw new Error(`Unknown step id: ${id}`);
  return step;
}

export function isStepId(value: unknown): value is StepId {
  return typeof value === 'string' && stepsById.has(value);
}

export function stepIndex(id: StepId): number {
  return stepIds.indexOf(id);
}

/** Width of the Completion Progress bar in percent: (position in the list + 1) / list length. */
export function progressPercent(id: StepId): number {
  return ((stepIndex(id) + 1) / steps.length) * 100;
}

/** A path as the browser gives it, with a trailing slash (but not the root's) removed. */
export function normalisePath(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? '';
  return withoutQuery.length > 1 ? withoutQuery.replace(/\/+$/, '') || '/' : withoutQuery || '/';
}

/** The first step whose route is `path`, or undefined for a path outside the route table. */
export function findStepByPath(path: string): Step | undefined {
  const normalised = normalisePath(path);
  return steps.find((step) => step.route === normalised);
}

/** Whether the server should answer `path` with the application (200) or with Not Found (404). */
export function isApplicationPath(path: string): boolean {
  return findStepByPath(path) !== undefined;
}
