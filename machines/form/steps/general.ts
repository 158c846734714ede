import type { StepForm } from '../field-types.ts';
import { getOptions } from '../option-lists.ts';

export const generalForm: StepForm = {
  step: 'general',
  fields: [
    {
      kind: 'group',
      legend: 'Driving experience',
      fields: [
        {
          kind: 'select',
          name: 'current-commercial-driving-experience',
          label: 'Current commercial driving experience',
          options: 'commercialDrivingExperience',
          required: true,
        },
        { kind: 'select', name: 'preferred-equipment', label: 'Preferred equipment', options: 'preferredEquipment', required: true },
        { kind: 'number', name: 'months-otr-experience', label: 'Months of over-the-road (OTR) experience', min: 0 },
        { kind: 'number', name: 'months-otr-experience-3', label: 'Months of OTR experience in the last 3 years', min: 0 },
        { kind: 'number', name: 'commercial-miles', label: 'Total commercial miles driven', min: 0 },
        { kind: 'select', name: 'moving-violations', label: 'Moving violations in the last 3 years', options: 'countsTo3', required: true },
        { kind: 'select', name: 'incidents-accidents', label: 'Accidents or incidents in the last 3 years', options: 'countsTo3', required: true },
        {
          kind: 'select',
          name: 'class-a-positions',
          label: 'Class A driving positions held in the last 3 years',
          options: 'countsTo4',
          required: true,
        },
      ],
    },
    {
      kind: 'yesNo',
      name: 'trailer-hauling-experience',
      label: 'Do you have trailer hauling experience?',
      required: true,
      reveals: [
        {
          when: 'yes',
          fields: [
            {
              kind: 'group',
              legend: 'Which trailers have you hauled?',
              fields: getOptions('trailerHaulingTypes').map(({ value, label }) => ({
                kind: 'yesNo' as const,
                name: `trailer-hauling-experience-${value}`,
                label,
                required: true,
              })),
            },
          ],
        },
      ],
    },
    {
      kind: 'yesNo',
      name: 'military-service',
      label: 'Have you served in the military?',
      required: true,
      reveals: [
        {
          when: 'yes',
          fields: [
            { kind: 'select', name: 'branch-of-service', label: 'Branch of service', options: 'generalBranches', required: true },
            { kind: 'date', name: 'service-start-date', label: 'Service start date', required: true, notFuture: true },
            {
              kind: 'date',
              name: 'service-end-date',
              label: 'Service end date',
              hint: 'If you are still serving, enter today’s date.',
              required: true,
              notBefore: 'service-start-date',
            },
          ],
        },
      ],
    },
    {
      kind: 'yesNo',
      name: 'referral',
      label: 'Were you referred by someone?',
      required: true,
      reveals: [{ when: 'yes', fields: [{ kind: 'text', name: 'referral-name', label: 'Name of the person who referred you', required: true }] }],
    },
    {
      kind: 'yesNo',
      name: 'english-proficiency',
      label: 'Can you read, write and speak English well enough to read traffic signs, fill in reports and talk with officials?',
      required: true,
    },
    {
      kind: 'yesNo',
      name: 'previous-employment',
      label: 'Have you worked for us before?',
      required: true,
      reveals: [
        {
          when: 'yes',
          fields: [
            {
              kind: 'textarea',
              name: 'previous-employment-details',
              label: 'When you worked for us, and in what position',
              required: true,
            },
          ],
        },
      ],
    },
    {
      kind: 'yesNo',
      name: 'twic-card',
      label: 'Do you have a TWIC card?',
      hint: 'Transportation Worker Identification Credential.',
      required: true,
      reveals: [{ when: 'yes', fields: [{ kind: 'date', name: 'twic-expiration-date', label: 'TWIC card expiration date', required: true }] }],
    },
    {
      kind: 'yesNo',
      name: 'drug-alcohol-clearinghouse',
      label: 'Are you registered with the FMCSA Drug and Alcohol Clearinghouse?',
      required: true,
    },
    {
      kind: 'yesNo',
      name: 'illegal-drug-use',
      label: 'Have you ever used illegal drugs?',
      required: true,
      reveals: [
        {
          when: 'yes',
          fields: [{ kind: 'month', name: 'last-drug-use-date', label: 'Month and year of last use', required: true, notFuture: true }],
        },
      ],
    },
    {
      kind: 'yesNo',
      name: 'stolen-load',
      label: 'Have you ever been involved with a stolen load?',
      required: true,
    },
  ],
};
