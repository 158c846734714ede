import { maskEvent } from './masking.ts';
import type { PersonEvent } from './inspector-path.ts';

/** One line for an event of a path: what a person did, SSN and signature masked. */
export function describeEvent(event: PersonEvent): string {
  if (event.type === 'route.changed') return `Go to ${event.path}`;
  if (event.type === 'step.next') return 'Next';
  if (event.type === 'step.back') return 'Back';
  const { type, ...payload } = maskEvent(event as PersonEvent & Record<string, unknown>);
  const details = Object.entries(payload)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join(', ');
  return details ? `${type} (${details})` : type;
}
