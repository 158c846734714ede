import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { selectApplicationStatus } from '../../../machines/application-selectors.ts';
import { signatureScopeStatement } from '../../../machines/form/certification.ts';
import type { StepStatus } from '../../../machines/form/application-status.ts';
import { useApplicationSelector } from '../../shared/application-context.tsx';
import { carrier, telHref } from '../../shared/carrier.ts';
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

type SubmissionState = 'idle' | 'incomplete' | 'submitting' | 'waitingToRetry' | 'failed' | 'submitted';

/** Sending, waiting to retry, or given up after retries: said where the applicant is looking. */
function SubmissionProgress({ state }: { state: SubmissionState }) {
  const error = useApplicationSelector((snapshot) => snapshot.context.submissionError);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state === 'failed') box.current?.focus();
  }, [state]);
  if (state === 'failed') {
    return (
      <div ref={box} className="error-summary" role="alert" tabIndex={-1} aria-labelledby="submission-failed-title">
        <h2 id="submission-failed-title" className="error-summary__title">
          Your application has not been sent yet
        </h2>
        <p>{error}</p>
        <p>
          Everything you entered is still here. Press Submit application to try again, or call our hiring line at{' '}
          <a href={telHref(carrier.hiringPhone)}>{carrier.hiringPhone}</a>.
        </p>
      </div>
    );
  }
  return (
    <div className="submission-status" role="status">
      {state === 'submitting' ? <p className="panel panel--info">Sending your application…</p> : null}
      {state === 'waitingToRetry' ? (
        <p className="panel panel--info">We could not reach our server. Trying again in a few seconds… Please keep this page open.</p>
      ) : null}
    </div>
  );
}

/** Signature: sign and submit (decision 20). */
export function SignatureScreen() {
  const statuses = useApplicationSelector(selectApplicationStatus);
  const submission = useApplicationSelector((snapshot) => (snapshot.value as unknown as { submission: SubmissionState }).submission);
  const incomplete = statuses.filter((status) => status.problems.length > 0);

  return (
    <>
      {submission === 'incomplete' && incomplete.length > 0 ? <IncompleteSummary incomplete={incomplete} /> : null}
      <SubmissionProgress state={submission} />
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
