import { Link } from 'react-router-dom';
import { PageShell } from '../layout/page-shell.tsx';

export function NotFoundScreen() {
  return (
    <PageShell>
          <h1 className="page-heading" tabIndex={-1}>
            Not Found
          </h1>
          <p>The page you are looking for does not exist.</p>
          <p>Please check the URL or click the button below to go back to the homepage.</p>
          <Link to="/" className="button">
            Go back to homepage
          </Link>
    </PageShell>
  );
}
