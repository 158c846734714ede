import type { StepForm } from '../field-types.ts';
import { addressFields, periodFields } from './shared-fields.ts';

export const educationForm: StepForm = {
  step: 'education',
  fields: [
    {
      kind: 'yesNo',
      name: 'attended-school',
      label: 'Did you attend a school other than a driving school in the last 10 years?',
      required: true,
      reveals: [
        {
          when: 'yes',
          fields: [
            {
              kind: 'list',
              name: 'schools',
              label: 'Schools in the last 10 years',
              itemLabel: 'School',
              minEntries: 1,
              fields: [
                { kind: 'text', name: 'school-name', label: 'School name', required: true, autoComplete: 'off' },
                ...periodFields('date'),
                ...addressFields({ streetRequired: false }),
                { kind: 'tel', name: 'telephone', label: 'Telephone', autoComplete: 'off' },
                { kind: 'text', name: 'field-of-study', label: 'What did you study?', required: true, autoComplete: 'off' },
                { kind: 'date', name: 'graduation-date', label: 'Graduation date', hint: 'Leave blank if you did not graduate.' },
              ],
            },
          ],
        },
      ],
    },
  ],
};
