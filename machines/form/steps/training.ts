import type { StepForm } from '../field-types.ts';
import { addressFields, dotRegulationQuestions, periodFields } from './shared-fields.ts';

export const trainingForm: StepForm = {
  step: 'training',
  fields: [
    {
      kind: 'yesNo',
      name: 'attended-driver-training',
      label: 'Have you attended a driver training school?',
      required: true,
      reveals: [
        {
          when: 'yes',
          fields: [
            {
              kind: 'list',
              name: 'driver-training',
              label: 'Driver training schools',
              itemLabel: 'Driver training school',
              minEntries: 1,
              fields: [
                ...periodFields('date'),
                { kind: 'text', name: 'school-name', label: 'School name', required: true, autoComplete: 'off' },
                ...addressFields({ streetRequired: false }),
                { kind: 'tel', name: 'telephone', label: 'Telephone', required: true, autoComplete: 'off' },
                { kind: 'yesNo', name: 'graduated', label: 'Did you graduate?', required: true },
                ...dotRegulationQuestions,
                { kind: 'text', name: 'gpa', label: 'GPA', autoComplete: 'off' },
                { kind: 'select', name: 'hours-of-instruction', label: 'Hours of instruction', options: 'hoursOfInstruction' },
                { kind: 'checkboxes', name: 'skills-trained', label: 'Skills trained', hint: 'Select all that apply.', options: 'skillsTrained' },
              ],
            },
          ],
        },
      ],
    },
  ],
};
