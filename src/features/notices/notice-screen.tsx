import { useId } from 'react';
import { noticeHtml } from 'virtual:notices';
import { selectAcknowledgedAt } from '../../../machines/application-selectors.ts';
import { formatDateTime } from '../../shared/format-date-time.ts';
import { getStep, isNoticeId, type NoticeId, type StepId } from '../../../machines/steps.ts';
import { useApplicationActor, useApplicationSelector } from '../../shared/application-context.tsx';
import { RequiredMarker } from '../../shared/ui/field.tsx';

function Acknowledgement({ notice }: { notice: NoticeId }) {
  const { send } = useApplicationActor();
  const acknowledgedAt = useApplicationSelector((snapshot) => selectAcknowledgedAt(snapshot, notice));
  const id = useId();
  const { heading } = getStep(notice);
  return (
    <div className="acknowledgement">
      <div className="choice">
        <input
          id={id}
          type="checkbox"
          className="choice__input"
          name={`acknowledge-${notice}`}
          checked={acknowledgedAt !== undefined}
          required
          aria-describedby={acknowledgedAt ? `${id}-time` : undefined}
          onChange={(event) =>
            send(
              event.target.checked
                ? { type: 'notice.acknowledged', notice, at: new Date().toISOString() }
                : { type: 'notice.unacknowledged', notice },
            )
          }
        />
        <label htmlFor={id} className="choice__label acknowledgement__label">
          I have read and acknowledge the {heading}
          <RequiredMarker />
        </label>
      </div>
      {acknowledgedAt ? (
        <p id={`${id}-time`} className="acknowledgement__time">
          Acknowledged on {formatDateTime(acknowledgedAt)}
        </p>
      ) : null}
    </div>
  );
}

/** One of the nine legal notices (routes 16 to 24): its text, from the carrier's content file, and its acknowledgement. */
export function NoticeScreen({ step }: { step: StepId }) {
  if (!isNoticeId(step)) return null;
  return (
    <>
      {/* The carrier's own content, rendered from Markdown at build time with raw HTML escaped. */}
      <div className="notice-text" dangerouslySetInnerHTML={{ __html: noticeHtml[step] ?? '' }} />
      <Acknowledgement notice={step} />
    </>
  );
}
