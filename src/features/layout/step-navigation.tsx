import { useApplicationActor } from '../../shared/application-context.tsx';
import { ArrowIcon } from './arrow-icon.tsx';

/** Back and Next: they move through the step list and never validate or save (spec section 2). */
export function StepNavigation() {
  const { send } = useApplicationActor();
  return (
    <div className="step-navigation">
      <button type="button" className="button button--secondary" onClick={() => send({ type: 'step.back' })}>
        <ArrowIcon direction="left" />
        Back
      </button>
      <button type="button" className="button" onClick={() => send({ type: 'step.next' })}>
        Next
        <ArrowIcon direction="right" />
      </button>
    </div>
  );
}
