import type { StepForm } from '../field-types.ts';

export const violationsForm: StepForm = {
  step: 'violations',
  fields: [
    {
      kind: 'yesNo',
      name: 'had-violations',
      label: 'Have you had any moving violations in the past 3 years?',
      required: true,
      reveals: [
        {
          when: 'yes',
          fields: [
            {
              kind: 'list',
              name: 'violations',
              label: 'Moving violations in the past 3 years',
              itemLabel: 'Violation',
              minEntries: 1,
              fields: [
                { kind: 'date', name: 'violation-date', label: 'Violation date', required: true, notFuture: true },
                { kind: 'select', name: 'charge', label: 'Charge', options: 'violationCharges', required: true },
                { kind: 'select', name: 'state', label: 'State', options: 'states', required: true },
                { kind: 'yesNo', name: 'commercial-vehicle', label: 'Were you driving a commercial vehicle?', required: true },
                { kind: 'checkboxes', name: 'penalties', label: 'Penalties', hint: 'Select all that apply.', options: 'penalties' },
                { kind: 'select', name: 'fine-amount', label: 'Fine amount', options: 'fineBands', required: true },
                { kind: 'textarea', name: 'details', label: 'Details' },
              ],
            },
          ],
        },
      ],
    },
  ],
};
