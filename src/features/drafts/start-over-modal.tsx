import { useDraft } from '../../shared/draft/draft-context.tsx';

/** Confirms Start over: everything typed on this device is deleted. */
export function StartOverModal({ close }: { data: unknown; close: () => void }) {
  const { startOver } = useDraft();
  return (
    <>
      <p>This deletes every answer, your signature and your acknowledgements from this device. You cannot undo it.</p>
      <div className="button-row">
        <button type="button" className="button button--danger" onClick={startOver}>
          Yes, delete everything and start over
        </button>
        <button type="button" className="button button--secondary" onClick={close}>
          Cancel
        </button>
      </div>
    </>
  );
}
