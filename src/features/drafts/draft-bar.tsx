import { useLocation, useNavigate } from 'react-router-dom';
import { useDraft, useDraftStatus } from '../../shared/draft/draft-context.tsx';
import type { DraftStatus } from '../../shared/draft/draft-storage.ts';
import { formatDateTime } from '../../shared/format-date-time.ts';

function statusMessage(status: DraftStatus): string {
  if (status.failed) return 'Your answers could not be saved on this device (its storage is full or blocked). Keep this page open until you submit.';
  return status.savedAt ? `Saved on this device at ${formatDateTime(status.savedAt)}` : 'Your answers are saved on this device as you type.';
}

const selectFailed = (status: DraftStatus) => status.failed;
const selectNotice = (status: DraftStatus) => status.notice;

/** "Saved on this device" with the time of the last save, and Start over (decision 22). */
export function DraftBar() {
  const message = useDraftStatus(statusMessage);
  const failed = useDraftStatus(selectFailed);
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="draft-bar">
      <p className={failed ? 'draft-bar__status draft-bar__status--failed' : 'draft-bar__status'} role={failed ? 'alert' : undefined}>
        {message}
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
  const { dismissNotice } = useDraft();
  const notice = useDraftStatus(selectNotice);
  if (!notice) return null;
  return (
    <div className="draft-notice" role="alert">
      <p>{noticeText[notice]}</p>
      <button type="button" className="button button--secondary button--small" onClick={dismissNotice}>
        Dismiss
      </button>
    </div>
  );
}
