import type { FieldNode } from '../field-types.ts';

/** Start and end of a period; the end may not be before the start. */
export function periodFields(kind: 'date' | 'month', endHint?: string): FieldNode[] {
  return [
    { kind, name: 'start-date', label: 'Start date', required: true, notFuture: true },
    { kind, name: 'end-date', label: 'End date', required: true, notBefore: 'start-date', ...(endHint ? { hint: endHint } : {}) },
  ];
}

/** An address abroad or at home: the state/province is a choice for the United States, text elsewhere (decision 12). */
export function addressFields({ streetRequired }: { streetRequired: boolean }): FieldNode[] {
  return [
    { kind: 'select', name: 'country', label: 'Country', options: 'countries', required: true },
    { kind: 'text', name: 'address-line-1', label: 'Street address', required: streetRequired, autoComplete: 'off' },
    { kind: 'text', name: 'address-line-2', label: 'Street address line 2', autoComplete: 'off' },
    { kind: 'text', name: 'city', label: 'City', required: true, autoComplete: 'off' },
    { kind: 'region', name: 'state', label: 'State/Province', countryField: 'country', required: true },
    { kind: 'zip', name: 'zip', label: 'Zip/Postal code', autoComplete: 'off' },
  ];
}

/** Whether the applicant drove under the safety regulations and DOT testing (employer CMV questions, driver training). */
export const dotRegulationQuestions: FieldNode[] = [
  {
    kind: 'yesNo',
    name: 'subject-to-fmcsr',
    label: 'Were you subject to the Federal Motor Carrier or Transport Canada Safety Regulations?',
    required: true,
  },
  {
    kind: 'yesNo',
    name: 'safety-sensitive',
    label: 'Did you perform safety-sensitive functions regulated by the DOT and subject to drug and alcohol testing?',
    required: true,
  },
];

/** The notice the employment steps carry (decision 28; 49 CFR 391.21(d) and 391.23). */
export const employmentVerificationNotice: FieldNode = {
  kind: 'content',
  id: 'employment-verification-notice',
  tone: 'notice',
  paragraphs: [
    'The information you give about your employment may be used, and your previous employers contacted, to verify it and to investigate your safety performance history (49 CFR 391.21(d) and 391.23).',
    'You have the right to review the information your previous employers provide, to have errors corrected, and to have a rebuttal statement attached to it.',
  ],
};
