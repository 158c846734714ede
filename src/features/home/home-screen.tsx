import { Link } from 'react-router-dom';
import { carrier, telHref } from '../../shared/carrier.ts';
import { getStep } from '../../../machines/steps.ts';
import { PageShell } from '../layout/page-shell.tsx';
import { ArrowIcon } from '../layout/arrow-icon.tsx';

const thingsToHaveReady = [
  'Social Security Number.',
  'Home address history for 3 years.',
  "Current driver's licence number and licence history for 3 years.",
  'Employment history for up to 10 years.',
  'Traffic accident, violation and conviction history for the last 3 years, including DUI, reckless driving and licence suspensions.',
  'Military history, if applicable.',
];

const firstStepRoute = getStep('requirements').route;

export function HomeScreen() {
  return (
    <PageShell mainClassName="home">
          <h1 className="page-heading" tabIndex={-1}>
            {getStep('home').heading}
          </h1>
          <p className="lead">Apply to drive for {carrier.name}.</p>

          <h2>Before you start</h2>
          <p>Have this information ready:</p>
          <ul className="list list--bullet">
            {thingsToHaveReady.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>

          <p>
            Required fields are marked with an asterisk (<span aria-hidden="true">*</span>
            <span className="visually-hidden">asterisk</span>) and must be provided to continue.
          </p>
          <p>Incomplete information will delay or block submission of your application.</p>
          <p>
            If errors prevent you from continuing, call our hiring line at{' '}
            <a href={telHref(carrier.hiringPhone)}>{carrier.hiringPhone}</a>.
          </p>

          <Link to={firstStepRoute} className="button button--start">
            Get started
            <ArrowIcon direction="right" />
          </Link>

          <h2>Equal employment opportunity</h2>
          <p>
            {carrier.legalName} is an equal opportunity employer. We consider all qualified applicants for employment
            without regard to race, color, religion, sex, sexual orientation, gender identity, national origin, age,
            disability, genetic information, veteran status, or any other status protected by federal, state or local
            law.
          </p>
    </PageShell>
  );
}
