import type { StepForm } from '../field-types.ts';
import { addressFields, dotRegulationQuestions, employmentVerificationNotice, periodFields } from './shared-fields.ts';

export const employedForm: StepForm = {
  step: 'employed',
  intro: ['List every employer you drove or worked for, including contracts and employers where you only attended orientation.'],
  fields: [
    employmentVerificationNotice,
    {
      kind: 'yesNo',
      name: 'employed-last-10-years',
      label: 'Were you employed, contracted or did you attend orientation in the last 10 years?',
      required: true,
      reveals: [
        {
          when: 'yes',
          fields: [
            {
              kind: 'list',
              name: 'employers',
              label: 'Employers in the last 10 years',
              itemLabel: 'Employer',
              minEntries: 1,
              fields: [
                { kind: 'text', name: 'company-name', label: 'Company name', required: true, autoComplete: 'off' },
                ...periodFields('date', 'If you still work there, enter today’s date.'),
                ...addressFields({ streetRequired: true }),
                { kind: 'tel', name: 'telephone', label: 'Telephone', required: true, autoComplete: 'off' },
                { kind: 'text', name: 'position-held', label: 'Position held', required: true, autoComplete: 'off' },
                { kind: 'text', name: 'reason-for-leaving', label: 'Reason for leaving', required: true, autoComplete: 'off' },
                {
                  kind: 'yesNo',
                  name: 'terminated',
                  label: 'Were you terminated, discharged or laid off?',
                  required: true,
                  reveals: [
                    { when: 'yes', fields: [{ kind: 'textarea', name: 'termination-explanation', label: 'Explanation', required: true }] },
                  ],
                },
                { kind: 'yesNo', name: 'may-contact', label: 'May we contact this employer?', required: true },
                {
                  kind: 'yesNo',
                  name: 'operated-cmv',
                  label: 'Did you operate a commercial motor vehicle?',
                  required: true,
                  reveals: [
                    {
                      when: 'yes',
                      fields: [
                        ...dotRegulationQuestions,
                        { kind: 'text', name: 'areas-driven', label: 'Areas driven', hint: 'For example, the states or regions.', required: true },
                        { kind: 'select', name: 'weekly-miles', label: 'Miles driven weekly', options: 'weeklyMiles', required: true },
                        { kind: 'select', name: 'common-truck', label: 'Most common truck driven', options: 'trucks', required: true },
                        { kind: 'select', name: 'common-trailer', label: 'Most common trailer', options: 'trailers', required: true },
                        { kind: 'select', name: 'trailer-length', label: 'Trailer length', options: 'trailerLengths', required: true },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};
