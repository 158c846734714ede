import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { selectApplicationStatus } from '../../../machines/application-selectors.ts';
import { signatureScopeStatement } from '../../../machines/form/certification.ts';
import type { StepStatus } from '../../../machines/form/application-status.ts';
import { useApplicationSelector } from '../../shared/application-context.tsx';
import { SignatureSection } from './signature-pad.tsx';

function StepStatusRow({ status }: { status: StepStatus }) {
  const complete = status.problems.length === 0;
  return (
    <li className={complete ? 'status-list__item status-list__item--complete' : 'status-list__item'}>
      <div className="status-list__head">
        <Link to={status.route}>{status.heading}</Link>
        <strong className={complete ? 'tag tag--complete' : 'tag tag--incomplete'}>{complete ? 'Complete' : 'Incomplete'}</strong>
      </div>
      {complete ? null : (
        <ul className="status-list__problems">
          {status.problems.map((problem) => (
            <li key={problem.key}>{problem.message}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Shown after Submit application found something missing: every incomplete step, each a link (decision 5). */
function IncompleteSummary({ incomplete }: { incomplete: readonly StepStatus[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  return (
    <div ref={box} className="error-summary" role="alert" tabIndex={-1} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className="error-summary__title">
        Your application is not complete yet
      </h2>
      <p>Complete these steps, then press Submit application again:</p>
      <ul className="error-summary__list">
        {incomplete.map((status) => (
          <li key={status.step}>
            <Link to={status.route}>{status.heading}</Link>: {status.problems.length} {status.problems.length === 1 ? 'answer' : 'answers'} missing
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Signature: sign and submit (decision 20). */
export function SignatureScreen() {
  const statuses = useApplicationSelector(selectApplicationStatus);
  const checked = useApplicationSelector((snapshot) => !snapshot.matches({ submission: 'idle' }));
  const ready = useApplicationSelector((snapshot) => snapshot.matches({ submission: 'ready' }));
  const incomplete = statuses.filter((status) => status.problems.length > 0);

  return (
    <>
      {checked && incomplete.length > 0 ? <IncompleteSummary incomplete={incomplete} /> : null}
      {ready && incomplete.length === 0 ? (
        <div className="panel" role="status">
          <p>Every step is complete. Your application is ready to submit.</p>
        </div>
      ) : null}
      <section aria-labelledby="status-title">
        <h2 id="status-title">Your application</h2>
        <p>
          {incomplete.length === 0
            ? 'Every step is complete.'
            : `${statuses.length - incomplete.length} of ${statuses.length} steps complete.`}
        </p>
        <ul className="status-list">
          {statuses.map((status) => (
            <StepStatusRow key={status.step} status={status} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="sign-title">
        <h2 id="sign-title">Your signature</h2>
        <p className="statement">{signatureScopeStatement}</p>
        <SignatureSection />
      </section>
    </>
  );
}
