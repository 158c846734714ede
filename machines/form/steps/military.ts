import type { StepForm } from '../field-types.ts';

export const militaryForm: StepForm = {
  step: 'military',
  fields: [
    {
      kind: 'yesNo',
      name: 'ever-in-military',
      label: 'Were you ever in the military?',
      required: true,
      reveals: [
        {
          when: 'yes',
          fields: [
            {
              kind: 'list',
              name: 'military-service',
              label: 'Military service',
              itemLabel: 'Service',
              minEntries: 1,
              fields: [
                { kind: 'select', name: 'country', label: 'Country', options: 'countries', required: true },
                { kind: 'select', name: 'branch-of-service', label: 'Branch of Service', options: 'militaryBranches', required: true },
                { kind: 'text', name: 'pi[service-number]', label: 'Service number', required: true, autoComplete: 'off' },
                { kind: 'month', name: 'start-date', label: 'Start Date', required: true, notFuture: true },
                {
                  kind: 'month',
                  name: 'end-date',
                  label: 'End Date',
                  hint: 'If you are still serving, enter the current month and year.',
                  required: true,
                  notBefore: 'start-date',
                },
                { kind: 'text', name: 'rank-at-discharge', label: 'Rank at discharge', required: true, autoComplete: 'off' },
                { kind: 'yesNo', name: 'pi[is-honorable-discharge]', label: 'Can you obtain your DD214?', required: true },
              ],
            },
          ],
        },
      ],
    },
  ],
};
