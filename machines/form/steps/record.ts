import type { FieldNode, StepForm } from '../field-types.ts';

/** The six motor vehicle record questions (spec section 2): each Yes asks for a month/year and an explanation. */
const recordQuestions = [
  ['license-denied', 'Have you ever been denied a licence, permit or privilege to operate a motor vehicle, or had one suspended or revoked?'],
  [
    'driving-while-suspended',
    'Have you ever driven while your licence was suspended, without a licence or with an expired one, or do you have charges pending for it?',
  ],
  ['alcohol-offense', 'Have you ever been convicted of an offence involving alcohol or a controlled substance?'],
  ['drug-offense-on-duty', 'Have you ever been convicted of possessing, selling or transferring drugs while on duty?'],
  ['reckless-driving', 'Have you ever been convicted of reckless or careless driving?'],
  [
    'failed-drug-test',
    'Have you ever tested positive on, or refused, a pre-employment or DOT drug or alcohol test?',
  ],
] as const;

export const recordForm: StepForm = {
  step: 'record',
  fields: recordQuestions.map(
    ([name, label]): FieldNode => ({
      kind: 'yesNo',
      name,
      label,
      required: true,
      reveals: [
        {
          when: 'yes',
          fields: [
            { kind: 'month', name: `${name}-date`, label: 'Month and year', required: true, notFuture: true },
            { kind: 'textarea', name: `${name}-explanation`, label: 'Explanation', required: true },
          ],
        },
      ],
    }),
  ),
};
