import { useEffect, useRef } from 'react';
import type { LogEntry } from './inspector-controller.ts';

/** The live event log, newest last; it keeps to the newest entry unless the reader has scrolled up. */
export function EventLogView({ log, onClear }: { log: readonly LogEntry[]; onClear: () => void }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);

  useEffect(() => {
    const box = boxRef.current;
    if (box && pinned.current) box.scrollTop = box.scrollHeight;
  }, [log]);

  return (
    <>
      <p className="machine-inspector__note">
        Every event the application receives, with its payload. The SSN and the signature image are masked.
      </p>
      <div
        ref={boxRef}
        className="machine-inspector__log"
        role="region"
        aria-label="Event log entries"
        // Scrollable, so reachable by keyboard.
        tabIndex={0}
        onScroll={(event) => {
          const box = event.currentTarget;
          pinned.current = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
        }}
      >
        {log.length === 0 ? (
          <p>No events yet.</p>
        ) : (
          <ol className="machine-inspector__log-entries">
            {log.map((entry) => (
              <li key={entry.id} className={entry.kind === 'actor' ? 'machine-inspector__log-actor' : undefined}>
                <span className="machine-inspector__log-time">{entry.time}</span>{' '}
                {entry.kind === 'actor' ? entry.type : <code className="machine-inspector__log-type">{entry.type}</code>}
                {entry.source === 'machine' ? <span className="machine-inspector__log-source"> (from the machine)</span> : null}{' '}
                {entry.kind === 'actor' ? (
                  `(${entry.payload})`
                ) : entry.payload !== '{}' ? (
                  <code className="machine-inspector__log-payload">{entry.payload}</code>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </div>
      <button type="button" className="machine-inspector__button" onClick={onClear}>
        Clear the log
      </button>
    </>
  );
}
