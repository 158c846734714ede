import { useApplicationActor, useApplicationSelector } from '../../shared/application-context.tsx';
import { ArrowIcon } from './arrow-icon.tsx';

/**
 * Back and Next: they move through the step list and never validate or save (spec section 2). On the
 * Signature step the forward button is Submit application (decision 5).
 */
export function StepNavigation({ submits = false }: { submits?: boolean }) {
  const { send } = useApplicationActor();
  const sending = useApplicationSelector(
    (snapshot) => snapshot.matches({ submission: 'submitting' }) || snapshot.matches({ submission: 'waitingToRetry' }),
  );
  return (
    <div className="step-navigation">
      <button type="button" className="button button--secondary" onClick={() => send({ type: 'step.back' })}>
        <ArrowIcon direction="left" />
        Back
      </button>
      {submits ? (
        <button
          type="button"
          className="button button--submit"
          aria-disabled={sending}
          onClick={() => {
            if (!sending) send({ type: 'submit.requested' });
          }}
        >
          {sending ? 'Sending…' : 'Submit application'}
        </button>
      ) : (
        <button type="button" className="button" onClick={() => send({ type: 'step.next' })}>
          Next
          <ArrowIcon direction="right" />
        </button>
      )}
    </div>
  );
}
