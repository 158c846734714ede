import type { StepForm } from '../field-types.ts';
import { periodFields } from './shared-fields.ts';

export const unemployedForm: StepForm = {
  step: 'unemployed',
  fields: [
    {
      kind: 'yesNo',
      name: 'unemployed-last-10-years',
      label: 'Were you unemployed at any time in the last 10 years?',
      required: true,
      reveals: [
        {
          when: 'yes',
          fields: [
            {
              kind: 'list',
              name: 'unemployment',
              label: 'Periods of unemployment',
              itemLabel: 'Period of unemployment',
              minEntries: 1,
              fields: [
                ...periodFields('month', 'If you are unemployed now, enter the current month and year.'),
                { kind: 'textarea', name: 'comments', label: 'Comments', required: true },
              ],
            },
          ],
        },
      ],
    },
  ],
};
