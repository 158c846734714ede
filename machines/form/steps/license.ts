import type { StepForm } from '../field-types.ts';

export const licenseForm: StepForm = {
  step: 'license',
  fields: [
    {
      kind: 'group',
      legend: 'Current driver’s licence',
      fields: [
        { kind: 'text', name: 'license-number', label: 'Licence number (CDL number)', required: true, autoComplete: 'off' },
        { kind: 'select', name: 'license-state', label: 'State that issued it', options: 'states', required: true },
        { kind: 'date', name: 'license-issue-date', label: 'Issue date', notFuture: true },
        {
          kind: 'date',
          name: 'license-expiration-date',
          label: 'Expiration date',
          required: true,
          notBefore: 'license-issue-date',
        },
        { kind: 'date', name: 'dot-expiration-date', label: 'DOT medical card expiration date' },
        { kind: 'yesNo', name: 'is-current-license', label: 'Is this licence current?', required: true },
        {
          kind: 'yesNo',
          name: 'is-commercial-license',
          label: 'Is this a commercial driver’s licence (CDL)?',
          required: true,
          reveals: [
            { when: 'yes', fields: [{ kind: 'select', name: 'license-class', label: 'Licence class', options: 'licenseClasses', required: true }] },
          ],
        },
        {
          kind: 'checkboxes',
          name: 'endorsements',
          label: 'Endorsements',
          hint: 'Select all that apply.',
          options: 'endorsements',
          reveals: [
            {
              when: 'HazMat',
              fields: [{ kind: 'date', name: 'hazmat-expiration-date', label: 'HazMat endorsement expiration date', required: true }],
            },
          ],
        },
      ],
    },
    {
      kind: 'yesNo',
      name: 'other-licenses',
      label: 'Have you held any other driver’s licence in the last 3 years?',
      hint: 'Federal rules (49 CFR 391.21) ask for every licence held in the last 3 years.',
      required: true,
      reveals: [
        {
          when: 'yes',
          fields: [
            {
              kind: 'list',
              name: 'previous-licenses',
              label: 'Other licences in the last 3 years',
              itemLabel: 'Other licence',
              minEntries: 1,
              fields: [
                { kind: 'select', name: 'state', label: 'State', options: 'states', required: true },
                { kind: 'text', name: 'number', label: 'Licence number', required: true, autoComplete: 'off' },
                { kind: 'select', name: 'class', label: 'Licence class', options: 'licenseClasses', required: true },
                { kind: 'date', name: 'expiration-date', label: 'Expiration date', required: true },
              ],
            },
          ],
        },
      ],
    },
  ],
};
