import type { ApplicationDocument } from '../../machines/form/application-document.ts';
import { isPlainObject } from '../../machines/form/answers.ts';
import { optionLabel } from '../../machines/form/option-lists.ts';
import { applicationStatuses, type ApplicationStatus, type AuditAction } from '../db/schema.ts';
import type { FlagFilter } from '../db/recruiter-store.ts';
import { qualificationCriteria } from './qualification-flags.ts';

/** The words of the inbox, declared once: the pages, the filters and the notification use them. */

export const statusLabels: Readonly<Record<ApplicationStatus, string>> = {
  new: 'New',
  reviewed: 'Reviewed',
  contacted: 'Contacted',
  hired: 'Hired',
  declined: 'Declined',
};

export const statusOptions = applicationStatuses.map((value) => ({ value, label: statusLabels[value] }));

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return applicationStatuses.includes(value as ApplicationStatus);
}

export const flagFilterOptions: readonly { value: FlagFilter; label: string }[] = [
  { value: 'any', label: 'Any flag' },
  { value: 'none', label: 'No flags' },
  ...qualificationCriteria.map((criterion) => ({ value: criterion.id, label: criterion.label })),
];

export function isFlagFilter(value: unknown): value is FlagFilter {
  return flagFilterOptions.some((option) => option.value === value);
}

export const auditActionLabels: Readonly<Record<AuditAction, string>> = {
  view: 'Viewed the application',
  'ssn-reveal': 'Revealed the SSN',
  'status-change': 'Changed the status',
  'pdf-download': 'Downloaded the PDF',
  'json-export': 'Exported as JSON',
};

function answer(document: ApplicationDocument, step: 'license' | 'general', name: string): string {
  const answers = document.answers[step];
  const value = isPlainObject(answers) ? answers[name] : undefined;
  return typeof value === 'string' ? value : '';
}

/** "Class A, VA": the current licence's class (when a CDL) and issuing state. */
export function licenceSummary(document: ApplicationDocument): string {
  const licenceClass = answer(document, 'license', 'license-class');
  const state = answer(document, 'license', 'license-state');
  return [licenceClass ? (optionLabel('licenseClasses', licenceClass) ?? licenceClass) : 'No CDL', state].filter(Boolean).join(', ');
}

/** "4.2 years OTR" from the months of over-the-road experience, or the experience the applicant chose. */
export function experienceSummary(document: ApplicationDocument): string {
  const months = Number(answer(document, 'general', 'months-otr-experience'));
  if (answer(document, 'general', 'months-otr-experience') !== '' && Number.isFinite(months)) {
    const years = Math.round((months / 12) * 10) / 10;
    return `${years} ${years === 1 ? 'year' : 'years'} OTR`;
  }
  const chosen = answer(document, 'general', 'current-commercial-driving-experience');
  return chosen ? (optionLabel('commercialDrivingExperience', chosen) ?? chosen) : 'Not given';
}
