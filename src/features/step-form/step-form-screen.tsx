import type { FormEvent } from 'react';
import type { StepId } from '../../../machines/steps.ts';
import { getStepForm } from '../../../machines/form/step-forms.ts';
import { useApplicationActor } from '../../shared/application-context.tsx';
import { FieldNodeList } from './field-node-list.tsx';

/** A data step rendered from its declaration. Enter in a field moves on, like Next; nothing blocks. */
export function StepFormScreen({ step }: { step: StepId }) {
  const { send } = useApplicationActor();
  const form = getStepForm(step);
  if (!form) return null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'step.next' });
  };
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
