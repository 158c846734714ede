import { DataTable } from './data-table.tsx';
import { Field } from '../../../src/shared/ui/field.tsx';
import { summarizeDocumentStep, type SummaryItem, type SummaryList } from '../../../machines/form/answer-summary.ts';
import type { ApplicationDocument } from '../../../machines/form/application-document.ts';
import { answerForms } from '../../../machines/form/step-forms.ts';
import { getStep, noticeSteps } from '../../../machines/steps.ts';
import type { StoredApplication } from '../../db/application-store.ts';
import type { AuditEntry } from '../../db/recruiter-store.ts';
import { formatDateTime } from '../../pdf/application-pdf.ts';
import { auditActionLabels, experienceSummary, isApplicationStatus, licenceSummary, statusLabels, statusOptions } from '../inbox-vocabulary.ts';
import { recruiterPaths } from '../recruiter-paths.ts';
import { CsrfField, RecruiterLayout, renderPage, type PageContext } from './layout.tsx';
import { FlagTags } from './flag-tags.tsx';
import { Options } from './options.tsx';

export interface ApplicationPageProps {
  readonly context: PageContext & { readonly session: { readonly email: string; readonly csrf: string } };
  readonly application: StoredApplication;
  /** The document with the SSN put back (the stored one has none). */
  readonly document: ApplicationDocument;
  /** Show the SSN in full: only in the answer to an audited Show. */
  readonly revealSsn: boolean;
  readonly audit: readonly AuditEntry[];
  /** Said once at the top: "Status saved". */
  readonly message?: string;
  /** A refused status change: what was sent back, and the problem of each field. */
  readonly statusForm?: { readonly status: string; readonly note: string; readonly errors: { readonly status?: string; readonly note?: string } };
}

/** The rows of a list entry as label/value pairs, groups and nested lists flattened. */
function entryCells(rows: readonly SummaryItem[]): [string, string][] {
  return rows.flatMap((row): [string, string][] => {
    if (row.kind === 'answer') return [[row.label, row.value]];
    if (row.kind === 'group') return entryCells(row.rows);
    return [[row.label, row.entries.map((entry) => `${entry.label}: ${entryCells(entry.rows).map(([label, value]) => `${label} ${value}`).join('; ')}`).join(' | ') || 'None']];
  });
}

function ListTable({ list }: { list: SummaryList }) {
  if (list.entries.length === 0) return <p>{list.label}: none given.</p>;
  const cells = list.entries.map((entry) => new Map(entryCells(entry.rows)));
  const columns = [...new Set(cells.flatMap((entry) => [...entry.keys()]))];
  return (
    <DataTable id={`list-${list.name}`} caption={list.label} className="answer-table" columns={['Entry', ...columns]}>
          {list.entries.map((entry, index) => (
            <tr key={entry.label}>
              <th scope="row">{entry.label}</th>
              {columns.map((column) => (
                <td key={column}>{cells[index]?.get(column) ?? '—'}</td>
              ))}
            </tr>
          ))}
    </DataTable>
  );
}

function SsnReveal({ reference, csrf }: { reference: string; csrf: string }) {
  return (
    <form method="post" action={recruiterPaths.ssn(reference)} className="inline-form">
      <CsrfField token={csrf} />
      <button type="submit" className="link-button">
        Show<span className="visually-hidden"> the full Social Security Number</span>
      </button>
    </form>
  );
}

function Items({ items, reference, csrf, revealSsn }: { items: readonly SummaryItem[]; reference: string; csrf: string; revealSsn: boolean }) {
  const answers = items.filter((item) => item.kind === 'answer');
  return (
    <>
      {answers.length > 0 ? (
        <dl className="summary-list">
          {answers.map((item) => (
            <div key={item.name} className="summary-list__row">
              <dt className="summary-list__key">{item.label}</dt>
              <dd className="summary-list__value">{item.value}</dd>
              {item.name === 'ssn' && !revealSsn && item.value !== 'Not answered' ? (
                <dd className="summary-list__actions">
                  <SsnReveal reference={reference} csrf={csrf} />
                </dd>
              ) : null}
            </div>
          ))}
        </dl>
      ) : null}
      {items.map((item, index) =>
        item.kind === 'group' ? (
          <section key={`${item.label}-${index}`} className="answer-group">
            <h3>{item.label}</h3>
            <Items items={item.rows} reference={reference} csrf={csrf} revealSsn={revealSsn} />
          </section>
        ) : item.kind === 'list' ? (
          <ListTable key={item.name} list={item} />
        ) : null,
      )}
    </>
  );
}

function auditDetail(entry: AuditEntry): string {
  const { from, to, note } = entry.detail ?? {};
  if (entry.action !== 'status-change') return '';
  const label = (value: unknown) => (isApplicationStatus(value) ? statusLabels[value] : String(value));
  return `${label(from)} → ${label(to)}${typeof note === 'string' && note ? ` (note: ${note})` : ''}`;
}

export function renderApplicationPage({ context, application, document, revealSsn, audit, message, statusForm }: ApplicationPageProps): string {
  const { reference } = application;
  const { csrf } = context.session;
  const signature = document.signature;
  return renderPage(
    <RecruiterLayout context={context} title={`${application.applicantName} (${reference})`} wide>
      <p className="recruiter-back no-print">
        <a href={recruiterPaths.inbox}>All applications</a>
      </p>
      <h1 className="page-heading">{application.applicantName}</h1>
      {message ? (
        <p className="panel" role="status">
          {message}
        </p>
      ) : null}
      <dl className="summary-list application-facts">
        <div className="summary-list__row">
          <dt className="summary-list__key">Reference</dt>
          <dd className="summary-list__value">{reference}</dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">Submitted</dt>
          <dd className="summary-list__value">{formatDateTime(application.submittedAt)}</dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">Licence</dt>
          <dd className="summary-list__value">{licenceSummary(document)}</dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">Experience</dt>
          <dd className="summary-list__value">{experienceSummary(document)}</dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">Status</dt>
          <dd className="summary-list__value">
            {statusLabels[application.status]}
            {application.statusNote ? ` (note: ${application.statusNote})` : ''}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="flags-heading">
        <h2 id="flags-heading">Qualification flags</h2>
        <p className="recruiter-muted">Computed from the answers against the requirements page’s criteria. They inform you only: the applicant never sees them.</p>
        {application.flags.length === 0 ? (
          <p>No flags: the answers meet every criterion checked.</p>
        ) : (
          <ul className="flag-reasons">
            {application.flags.map((flag) => (
              <li key={flag.id}>
                <FlagTags flags={[flag]} />
                <ul>
                  {flag.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="button-row no-print">
        <a className="button" href={recruiterPaths.pdf(reference)}>
          Download PDF
        </a>
        <a className="button button--secondary" href={recruiterPaths.json(reference)}>
          Export JSON
        </a>
      </div>

      <section aria-labelledby="status-heading" className="no-print">
        <h2 id="status-heading">Status</h2>
        <form method="post" action={recruiterPaths.status(reference)} noValidate className="recruiter-form">
          <CsrfField token={csrf} />
          <Field label="Status" required error={statusForm?.errors.status}>
            {(control) => (
              <select {...control} className="input input--short" name="status" defaultValue={statusForm?.status ?? application.status}>
                <Options options={statusOptions} />
              </select>
            )}
          </Field>
          <Field label="Note (optional)" hint="Shown with the status and kept in the audit log." error={statusForm?.errors.note}>
            {(control) => <textarea {...control} className="input input--textarea" name="note" rows={3} defaultValue={statusForm?.note ?? application.statusNote ?? ''} />}
          </Field>
          <button type="submit" className="button">
            Save status
          </button>
        </form>
      </section>

      <h2>Answers</h2>
      {answerForms.map((form) => (
        <section key={form.step} aria-labelledby={`step-${form.step}`} className="answer-step">
          <h3 id={`step-${form.step}`} className="answer-step__heading">
            {getStep(form.step).heading}
          </h3>
          <Items items={summarizeDocumentStep(form, document.answers[form.step], { revealSsn })} reference={reference} csrf={csrf} revealSsn={revealSsn} />
        </section>
      ))}

      <section aria-labelledby="notices-heading">
        <h2 id="notices-heading">Notices acknowledged</h2>
        <DataTable id="notices-caption" caption="Notices and when each was acknowledged" captionHidden columns={['Notice', 'Acknowledged']}>
              {noticeSteps.map((notice) => {
                const at = document.acknowledgements[notice.id];
                return (
                  <tr key={notice.id}>
                    <th scope="row">{notice.heading}</th>
                    <td>{at ? formatDateTime(at) : 'Not acknowledged'}</td>
                  </tr>
                );
              })}
        </DataTable>
      </section>

      <section aria-labelledby="signature-heading">
        <h2 id="signature-heading">Signature</h2>
        {signature.method === 'drawn' ? (
          <img className="signature-saved__image recruiter-signature" src={signature.image} alt={`Signature drawn by ${application.applicantName}`} />
        ) : (
          <p className="signature-saved__typed">{signature.name}</p>
        )}
        <p>
          {signature.method === 'drawn' ? 'Drawn on screen' : 'Typed full legal name'}, signed {formatDateTime(signature.signedAt)}.
        </p>
      </section>

      <section aria-labelledby="audit-heading">
        <h2 id="audit-heading">Audit log</h2>
        <DataTable id="audit-caption" caption="Who did what with this application, newest first" captionHidden columns={['When', 'Who', 'What']}>
              {audit.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.at)}</td>
                  <td>{entry.recruiterEmail}</td>
                  <td>
                    {auditActionLabels[entry.action]}
                    {auditDetail(entry) ? `: ${auditDetail(entry)}` : ''}
                  </td>
                </tr>
              ))}
        </DataTable>
      </section>
    </RecruiterLayout>,
  );
}
