import type { StepForm } from '../field-types.ts';

export const personalForm: StepForm = {
  step: 'personal',
  fields: [
    {
      kind: 'group',
      legend: 'Your name',
      fields: [
        { kind: 'text', name: 'first-name', label: 'First name', required: true, autoComplete: 'given-name' },
        { kind: 'text', name: 'middle-name', label: 'Middle name', autoComplete: 'additional-name' },
        { kind: 'text', name: 'last-name', label: 'Last name', required: true, autoComplete: 'family-name' },
        { kind: 'select', name: 'suffix', label: 'Suffix', options: 'suffixes', autoComplete: 'honorific-suffix' },
      ],
    },
    {
      kind: 'ssn',
      name: 'ssn',
      label: 'Social Security Number (SSN) or Social Insurance Number (SIN)',
      hint: 'For example, 123-45-6789.',
      required: true,
      requiredMessage: 'Enter your Social Security Number or Social Insurance Number',
    },
    {
      kind: 'date',
      name: 'date-of-birth',
      label: 'Date of birth',
      required: true,
      autoComplete: 'bday',
      notFuture: true,
      birthDate: true,
    },
    {
      kind: 'group',
      legend: 'Home address',
      fields: [
        { kind: 'text', name: 'address-line-1', label: 'Street address line 1', required: true, autoComplete: 'address-line1' },
        { kind: 'text', name: 'address-line-2', label: 'Street address line 2', autoComplete: 'address-line2' },
        { kind: 'text', name: 'city', label: 'City', required: true, autoComplete: 'address-level2' },
        { kind: 'select', name: 'state', label: 'State/Province', options: 'states', required: true },
        { kind: 'zip', name: 'zip', label: 'Zip/Postal code', required: true, autoComplete: 'postal-code' },
      ],
    },
    {
      kind: 'yesNo',
      name: 'lived-three-years',
      label: 'Have you lived at this address for 3 years or more?',
      required: true,
      reveals: [
        {
          when: 'no',
          fields: [
            {
              kind: 'list',
              name: 'previous-addresses',
              label: 'Previous addresses in the last 3 years',
              itemLabel: 'Previous address',
              minEntries: 1,
              fields: [
                { kind: 'text', name: 'street', label: 'Street address', required: true, autoComplete: 'off' },
                { kind: 'text', name: 'city', label: 'City', required: true, autoComplete: 'off' },
                { kind: 'select', name: 'state', label: 'State/Province', options: 'states', required: true },
                { kind: 'zip', name: 'zip', label: 'Zip/Postal code', required: true, autoComplete: 'off' },
                { kind: 'month', name: 'from', label: 'Lived there from', required: true },
                { kind: 'month', name: 'to', label: 'Lived there until', required: true, notBefore: 'from' },
              ],
            },
          ],
        },
      ],
    },
    {
      kind: 'group',
      legend: 'Contact details',
      fields: [
        { kind: 'tel', name: 'primary-phone', label: 'Primary phone', autoComplete: 'tel' },
        { kind: 'tel', name: 'cell-phone', label: 'Cell phone', autoComplete: 'tel' },
        { kind: 'email', name: 'email', label: 'Email address', autoComplete: 'email' },
        { kind: 'email', name: 'confirm-email', label: 'Confirm email address', autoComplete: 'email', matches: 'email' },
      ],
    },
    {
      kind: 'group',
      legend: 'Contact preferences',
      fields: [
        { kind: 'select', name: 'preferred-contact-method', label: 'Preferred method of contact', options: 'contactMethods', required: true },
        { kind: 'select', name: 'best-time-to-contact', label: 'Best time to contact', options: 'contactTimes', required: true },
      ],
    },
  ],
};
