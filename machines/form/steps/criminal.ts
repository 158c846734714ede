import type { FieldNode, StepForm } from '../field-types.ts';

const criminalQuestions = [
  ['convictions', 'Have you ever been convicted of a crime?'],
  ['deferred-prosecutions', 'Have you ever had a deferred prosecution or deferred adjudication?'],
  ['pending-charges', 'Do you have any criminal charges pending?'],
  ['felonies', 'Have you ever pleaded guilty or no contest to, or been convicted of, a felony?'],
] as const;

export const criminalForm: StepForm = {
  step: 'criminal',
  fields: [
    {
      kind: 'content',
      id: 'criminal-record-notice',
      tone: 'notice',
      paragraphs: ['Answering Yes to a question below does not necessarily eliminate your application.'],
    },
    ...criminalQuestions.map(
      ([name, label]): FieldNode => ({
        kind: 'yesNo',
        name,
        label,
        required: true,
        reveals: [{ when: 'yes', fields: [{ kind: 'textarea', name: `${name}-description`, label: 'Description', required: true }] }],
      }),
    ),
    {
      kind: 'radios',
      name: 'last-illegal-drug-use',
      label: 'When did you last use an illegal drug?',
      options: 'lastDrugUse',
      required: true,
      requiredMessage: 'Select when you last used an illegal drug',
      reveals: [
        {
          when: 'date',
          fields: [{ kind: 'month', name: 'last-illegal-drug-use-date', label: 'Month and year of last use', required: true, notFuture: true }],
        },
      ],
    },
  ],
};
