import type { AnswerValue } from '../../../machines/form/field-types.ts';

/**
 * What the inspectors never show: the SSN (any `value` of the field named `ssn`, in an event or in the
 * answers) and the drawn signature (the `image` of `signature.drawn`, and the saved signature's image).
 */

export const maskedSsn = '•••-••-••••';

export function maskedImage(image: unknown): string {
  return `[signature image, ${typeof image === 'string' ? image.length : 0} characters]`;
}

type EventLike = { readonly type: string } & Readonly<Record<string, unknown>>;

/** The event as the inspectors show it: the SSN and the signature image replaced. */
export function maskEvent<T extends EventLike>(event: T): T {
  if (event.name === 'ssn' && 'value' in event) return { ...event, value: maskedSsn };
  if (event.type === 'signature.drawn' && 'image' in event) return { ...event, image: maskedImage(event.image) };
  return event;
}

function maskAnswers(answers: unknown): unknown {
  if (typeof answers !== 'object' || answers === null) return answers;
  return Object.fromEntries(
    Object.entries(answers as Record<string, unknown>).map(([step, values]) => {
      if (typeof values !== 'object' || values === null || Array.isArray(values)) return [step, values];
      const stepValues = values as Record<string, AnswerValue | unknown>;
      return [step, 'ssn' in stepValues && stepValues.ssn !== undefined ? { ...stepValues, ssn: maskedSsn } : stepValues];
    }),
  );
}

/** The machine's context as the inspectors show it: the SSN and the signature image replaced. */
export function maskContext<T>(context: T): T {
  if (typeof context !== 'object' || context === null) return context;
  const record = context as Record<string, unknown>;
  const masked: Record<string, unknown> = { ...record };
  if ('answers' in record) masked.answers = maskAnswers(record.answers);
  const signature = record.signature as { image?: unknown } | null | undefined;
  if (signature && typeof signature === 'object' && 'image' in signature) masked.signature = { ...signature, image: maskedImage(signature.image) };
  return masked as T;
}
