import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { summarizeStep, type SummaryItem } from '../../../machines/form/answer-summary.ts';
import { personalForm } from '../../../machines/form/steps/personal.ts';
import { getStep } from '../../../machines/steps.ts';
import { useApplicationSelector } from '../../shared/application-context.tsx';

const personalRoute = getStep('personal').route;

function ChangeLink({ what }: { what: string }) {
  return (
    <Link to={personalRoute}>
      Change <span className="visually-hidden">{what}</span>
    </Link>
  );
}

function Rows({ items, ssnToggle }: { items: readonly SummaryItem[]; ssnToggle: ReactNode }) {
  return (
    <>
      {items.map((item) => {
        if (item.kind === 'group') return <Rows key={item.label} items={item.rows} ssnToggle={ssnToggle} />;
        if (item.kind === 'list') {
          return (
            <div key={item.name} className="summary-list__row">
              <dt className="summary-list__key">{item.label}</dt>
              <dd className="summary-list__value">
                {item.entries.length === 0
                  ? 'None'
                  : item.entries.map((entry) => (
                      <p key={entry.label}>
                        {entry.rows.map((row) => (row.kind === 'answer' ? row.value : '')).filter(Boolean).join(', ')}
                      </p>
                    ))}
              </dd>
              <dd className="summary-list__actions">
                <ChangeLink what={item.label.toLowerCase()} />
              </dd>
            </div>
          );
        }
        return (
          <div key={item.name} className="summary-list__row">
            <dt className="summary-list__key">{item.label}</dt>
            <dd className="summary-list__value">
              {item.value}
              {item.name === 'ssn' ? ssnToggle : null}
            </dd>
            <dd className="summary-list__actions">
              <ChangeLink what={item.label.toLowerCase()} />
            </dd>
          </div>
        );
      })}
    </>
  );
}

/** Review of the personal data (decision 20), the SSN masked to its last four digits with a Show toggle (decision 31). */
export function PersonalReview() {
  const answers = useApplicationSelector((snapshot) => snapshot.context.answers.personal);
  // Whether the applicant chose to see their own SSN here is a matter of this view only, never kept.
  const [ssnShown, setSsnShown] = useState(false);
  const items = summarizeStep(personalForm, answers, { revealSsn: ssnShown });
  const hasSsn = typeof answers?.ssn === 'string' && answers.ssn !== '';
  const ssnToggle = hasSsn ? (
    <button type="button" className="link-button" onClick={() => setSsnShown(!ssnShown)}>
      {ssnShown ? 'Hide' : 'Show'} <span className="visually-hidden">Social Security Number</span>
    </button>
  ) : null;
  return (
    <section aria-labelledby="personal-review-title">
      <h2 id="personal-review-title">Your personal information</h2>
      <dl className="summary-list">
        <Rows items={items} ssnToggle={ssnToggle} />
      </dl>
    </section>
  );
}
