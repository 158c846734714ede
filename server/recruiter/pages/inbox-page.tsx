import { DataTable } from './data-table.tsx';
import { Field } from '../../../src/shared/ui/field.tsx';
import type { StoredApplication } from '../../db/application-store.ts';
import type { InboxQuery } from '../../db/recruiter-store.ts';
import { formatDateTime } from '../../pdf/application-pdf.ts';
import { experienceSummary, flagFilterOptions, licenceSummary, statusLabels, statusOptions } from '../inbox-vocabulary.ts';
import { recruiterPaths } from '../recruiter-paths.ts';
import { RecruiterLayout, renderPage, type PageContext } from './layout.tsx';
import { FlagTags } from './flag-tags.tsx';
import { Options } from './options.tsx';

export interface InboxPageProps {
  readonly context: PageContext;
  readonly query: InboxQuery;
  readonly applications: readonly StoredApplication[];
  readonly total: number;
  /** Problems with the filters as given (an unknown status, …), each naming its field. */
  readonly errors?: { readonly status?: string; readonly flag?: string; readonly page?: string };
}

/** `/recruiter?…` for the query with `page` changed. */
function pageHref(query: InboxQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.search) params.set('q', query.search);
  if (query.status) params.set('status', query.status);
  if (query.flag) params.set('flag', query.flag);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `${recruiterPaths.inbox}?${text}` : recruiterPaths.inbox;
}

export function renderInboxPage({ context, query, applications, total, errors = {} }: InboxPageProps): string {
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const first = total === 0 ? 0 : (query.page - 1) * query.pageSize + 1;
  const last = Math.min(total, query.page * query.pageSize);
  const filtered = Boolean(query.search || query.status || query.flag);
  return renderPage(
    <RecruiterLayout context={context} title="Applications" wide>
      <h1 className="page-heading">Applications</h1>
      <form method="get" action={recruiterPaths.inbox} className="inbox-filters" role="search" aria-label="Filter applications">
        <Field label="Name or reference" hint="Part of a name, or a reference such as BRF-7Q4K2M9X.">
          {(control) => <input {...control} className="input" type="search" name="q" defaultValue={query.search ?? ''} autoComplete="off" />}
        </Field>
        <Field label="Status" error={errors.status}>
          {(control) => (
            <select {...control} className="input" name="status" defaultValue={query.status ?? ''}>
              <option value="">All statuses</option>
              <Options options={statusOptions} />
            </select>
          )}
        </Field>
        <Field label="Qualification flags" error={errors.flag}>
          {(control) => (
            <select {...control} className="input" name="flag" defaultValue={query.flag ?? ''}>
              <option value="">All applications</option>
              <Options options={flagFilterOptions} />
            </select>
          )}
        </Field>
        <div className="button-row inbox-filters__actions">
          <button type="submit" className="button">
            Show applications
          </button>
          {filtered ? (
            <a className="button button--secondary" href={recruiterPaths.inbox}>
              Clear filters
            </a>
          ) : null}
        </div>
      </form>
      {errors.page ? <p className="field__error">{errors.page}</p> : null}

      <p className="inbox-count">
        {total === 0
          ? filtered
            ? 'No application matches these filters.'
            : 'No applications yet.'
          : `Showing ${first}–${last} of ${total} ${total === 1 ? 'application' : 'applications'}, newest first.`}
      </p>

      {applications.length > 0 ? (
        <DataTable
          id="inbox-caption"
          caption={`Applications${pages > 1 ? `, page ${query.page} of ${pages}` : ''}`}
          className="inbox-table"
          columns={['Reference', 'Name', 'Submitted', 'Licence', 'Experience', 'Status', 'Flags']}
        >
              {applications.map((application) => (
                <tr key={application.id}>
                  <td>
                    <a href={recruiterPaths.application(application.reference)}>{application.reference}</a>
                  </td>
                  <td>{application.applicantName}</td>
                  <td>{formatDateTime(application.submittedAt)}</td>
                  <td>{licenceSummary(application.document)}</td>
                  <td>{experienceSummary(application.document)}</td>
                  <td>
                    <span className={`status status--${application.status}`}>{statusLabels[application.status]}</span>
                  </td>
                  <td>
                    <FlagTags flags={application.flags} />
                  </td>
                </tr>
              ))}
        </DataTable>
      ) : null}

      {pages > 1 ? (
        <nav className="pagination" aria-label="Pages of applications">
          <ul className="pagination__list">
            {query.page > 1 ? (
              <li>
                <a href={pageHref(query, query.page - 1)} rel="prev">
                  Previous page
                </a>
              </li>
            ) : null}
            <li aria-current="page">
              Page {query.page} of {pages}
            </li>
            {query.page < pages ? (
              <li>
                <a href={pageHref(query, query.page + 1)} rel="next">
                  Next page
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </RecruiterLayout>,
  );
}
