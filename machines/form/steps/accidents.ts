import type { StepForm } from '../field-types.ts';

export const accidentsForm: StepForm = {
  step: 'accidents',
  fields: [
    {
      kind: 'yesNo',
      name: 'had-accidents',
      label: 'Have you had any accidents in the last 5 years?',
      required: true,
      reveals: [
        {
          when: 'yes',
          fields: [
            {
              kind: 'list',
              name: 'accidents',
              label: 'Accidents in the last 5 years',
              itemLabel: 'Accident',
              minEntries: 1,
              fields: [
                { kind: 'date', name: 'accident-date', label: 'Accident date', required: true, notFuture: true },
                { kind: 'radios', name: 'type', label: 'Type', options: 'accidentTypes', required: true },
                { kind: 'yesNo', name: 'hazmat', label: 'Were hazardous materials involved?', required: true },
                { kind: 'yesNo', name: 'towed-away', label: 'Was any vehicle towed away?', required: true },
                { kind: 'text', name: 'city', label: 'City', autoComplete: 'off' },
                { kind: 'select', name: 'state', label: 'State/Province', options: 'states', required: true },
                {
                  kind: 'yesNo',
                  name: 'commercial-vehicle',
                  label: 'Were you driving a commercial vehicle?',
                  required: true,
                  reveals: [{ when: 'yes', fields: [{ kind: 'yesNo', name: 'dot-recordable', label: 'Was it DOT recordable?', required: true }] }],
                },
                { kind: 'yesNo', name: 'at-fault', label: 'Were you at fault?', required: true },
                { kind: 'yesNo', name: 'ticketed', label: 'Were you ticketed?', required: true },
                { kind: 'textarea', name: 'details', label: 'Details' },
              ],
            },
          ],
        },
      ],
    },
  ],
};
