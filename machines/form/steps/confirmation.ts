import type { StepForm } from '../field-types.ts';

/** The Confirmation step's own questions (spec section 3, decisions 23 and 24). */
export const confirmationForm: StepForm = {
  step: 'confirmation',
  fields: [
    {
      kind: 'checkbox',
      name: 'save-my-data',
      label: 'Save my answers on this device for a future application',
      hint: 'Everything except your Social Security Number stays on this device after you submit. Leave this unticked on a shared or public device.',
    },
    {
      kind: 'checkbox',
      name: 'send-copy',
      label: 'Send me a copy of my application by email',
      reveals: [
        {
          when: 'yes',
          fields: [
            {
              kind: 'email',
              name: 'copy-email',
              label: 'Email address for your copy',
              hint: 'Your Social Security Number will be masked in the copy.',
              required: true,
              autoComplete: 'email',
              prefillFrom: { step: 'personal', name: 'email' },
            },
          ],
        },
      ],
    },
  ],
};
