import { useEffect, useRef } from 'react';
import { selectHistoryCoverage, selectHistoryFormIsOpen, selectHistoryRows } from '../../../machines/history-selectors.ts';
import { formatMonth, formatRange } from '../../../machines/form/history-coverage.ts';
import { employmentForm, historyItemFields } from '../../../machines/form/steps/employment.ts';
import { useApplicationActor, useApplicationSelector } from '../../shared/application-context.tsx';
import { FieldNodeList } from '../step-form/field-node-list.tsx';

function displayDate(value: string): string {
  return value ? formatMonth(value.slice(0, 7)) : '—';
}

function HistoryItemForm() {
  const { send } = useApplicationActor();
  const legend = useRef<HTMLLegendElement>(null);
  useEffect(() => {
    legend.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <fieldset className="entry history-form">
      <legend ref={legend} className="entry__legend">
        Add history item
      </legend>
      <FieldNodeList nodes={historyItemFields} scope={{ kind: 'historyDraft' }} />
      <div className="button-row">
        <button type="button" className="button" onClick={() => send({ type: 'history.form.saved' })}>
          Save item
        </button>
        <button type="button" className="button button--secondary" onClick={() => send({ type: 'history.form.cancelled' })}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}

/** Employment/Contract History (spec section 2; decisions 15, 18, 19, 28). */
export function EmploymentHistoryScreen() {
  const { send } = useApplicationActor();
  const today = new Date();
  const rows = useApplicationSelector(selectHistoryRows);
  const coverage = useApplicationSelector((snapshot) => selectHistoryCoverage(snapshot, today), (a, b) =>
    a.percent === b.percent && a.gaps.length === b.gaps.length && a.gaps.every((gap, i) => gap.start === b.gaps[i]?.start && gap.end === b.gaps[i]?.end),
  );
  const formOpen = useApplicationSelector(selectHistoryFormIsOpen);
  const notices = employmentForm.fields.filter((node) => node.kind === 'content');

  return (
    <div className="history">
      <p className="history__completion">
        <strong>{coverage.percent}% complete:</strong> your history covers {coverage.coveredMonths} of the {coverage.totalMonths} months
        from {formatRange(coverage.window)}.
      </p>
      <div className="notice">
        <p>
          DOT rules require your employment history for the 10 years before {formatMonth(coverage.window.end)} (
          {formatRange(coverage.window)}), including employers where you only attended orientation.
        </p>
      </div>
      {notices.map((notice) => (
        <div key={notice.id} className="notice">
          {notice.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      ))}

      <div className="table-scroll" role="region" aria-label="Previous history" tabIndex={0}>
        <table className="table">
          <caption className="table__caption">Previous history</caption>
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col">Type</th>
              <th scope="col">Start Date</th>
              <th scope="col">End Date</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5}>No history yet. Entries from the employer, training, education, unemployment and military steps appear here.</td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={`${row.source}-${row.id}`}>
                  <td>{row.description || '—'}</td>
                  <td>{row.type}</td>
                  <td>{displayDate(row.start)}</td>
                  <td>{displayDate(row.end)}</td>
                  <td>
                    {row.source === 'employment' ? (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => send({ type: 'history.item.removed', entryId: row.id })}
                      >
                        Remove <span className="visually-hidden">{row.description || row.type}</span>
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      {coverage.gaps.length > 0 ? (
        <section aria-labelledby="history-gaps-title">
          <h2 id="history-gaps-title">Gaps in your history</h2>
          <p>Tell us what you were doing in each gap of a month or more.</p>
          <ul className="gap-list">
            {coverage.gaps.map((gap) => (
              <li key={gap.start} className="gap-list__item">
                <span>{formatRange(gap)}</span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={formOpen}
                  onClick={() => send({ type: 'history.form.opened', start: gap.start, end: gap.end })}
                >
                  Add an item for {formatRange(gap)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {formOpen ? (
        <HistoryItemForm />
      ) : (
        <button type="button" className="button button--secondary" onClick={() => send({ type: 'history.form.opened' })}>
          Add History Item
        </button>
      )}
    </div>
  );
}
