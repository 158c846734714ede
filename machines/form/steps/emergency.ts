import type { StepForm } from '../field-types.ts';

export const emergencyForm: StepForm = {
  step: 'emergency',
  intro: ['Who should we contact in an emergency? Add at least one person.'],
  fields: [
    {
      kind: 'list',
      name: 'emergency-contacts',
      label: 'Emergency contacts',
      itemLabel: 'Emergency contact',
      initialEntries: 2,
      removableFrom: 2,
      minEntries: 1,
      placeholders: [
        { name: 'Jane Doe', address: '123 Main Street', city: 'Springfield', zip: '62701', phone: '(217) 555-0101' },
        { name: 'John Smith', address: '456 Oak Avenue', city: 'Columbus', zip: '43004', phone: '(614) 555-0102' },
      ],
      fields: [
        { kind: 'text', name: 'name', label: 'Name', required: true, autoComplete: 'off' },
        { kind: 'text', name: 'address', label: 'Address', autoComplete: 'off' },
        { kind: 'text', name: 'city', label: 'City', autoComplete: 'off' },
        { kind: 'select', name: 'state', label: 'State', options: 'states' },
        { kind: 'zip', name: 'zip', label: 'Zip', autoComplete: 'off' },
        { kind: 'select', name: 'relationship', label: 'Relationship', options: 'relationships', required: true },
        { kind: 'tel', name: 'phone', label: 'Phone number', required: true, autoComplete: 'off' },
      ],
    },
  ],
};
