import { useLocation, useNavigate } from 'react-router-dom';
import { useDraft } from '../../shared/draft/draft-context.tsx';
import { formatDateTime } from '../../shared/format-date-time.ts';

/** "Saved on this device" with the time of the last save, and Start over (decision 22). */
export function DraftBar() {
  const { status } = useDraft();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="draft-bar">
      <p className={status.failed ? 'draft-bar__status draft-bar__status--failed' : 'draft-bar__status'} role={status.failed ? 'alert' : undefined}>
        {status.failed
          ? 'Your answers could not be saved on this device (its storage is full or blocked). Keep this page open until you submit.'
          : status.savedAt
            ? `Saved on this device at ${formatDateTime(status.savedAt)}`
            : 'Your answers are saved on this device as you type.'}
      </p>
      <button
        type="button"
        className="link-button draft-bar__start-over"
        onClick={() => void navigate(location.pathname, { state: { modal: 'start-over' } })}
      >
        Start over
      </button>
    </div>
  );
}

const noticeText = {
  corrupt: 'We could not read the answers saved on this device, so your application starts again.',
  shape: 'The answers saved on this device could not be used, so your application starts again.',
  newer: 'The answers on this device were saved by a newer version of this application, so your application starts again here.',
} as const;

/** Said once when the app started clean because the saved draft could not be used. */
export function DraftNotice() {
  const { status, dismissNotice } = useDraft();
  if (!status.notice) return null;
  return (
    <div className="draft-notice" role="alert">
      <p>{noticeText[status.notice]}</p>
      <button type="button" className="button button--secondary button--small" onClick={dismissNotice}>
        Dismiss
      </button>
    </div>
  );
}
