import type { FormEvent } from 'react';
import type { StepId } from '../../../machines/steps.ts';
import { getStepForm } from '../../../machines/form/step-forms.ts';
import { FieldNodeList } from './field-node-list.tsx';

/** A data step rendered from its declaration. Nothing here blocks Back or Next (decision 4). */
export function StepFormScreen({ step }: { step: StepId }) {
  const form = getStepForm(step);
  if (!form) return null;
  const onSubmit = (event: FormEvent) => event.preventDefault();
  return (
    <form className="step-form" noValidate onSubmit={onSubmit}>
      {form.intro?.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <p className="required-note">
        Questions marked with an asterisk (<span aria-hidden="true">*</span>
        <span className="visually-hidden">asterisk</span>) are required.
      </p>
      <FieldNodeList nodes={form.fields} scope={{ kind: 'step', step }} />
    </form>
  );
}
