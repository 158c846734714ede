import { recruiterPaths } from '../recruiter-paths.ts';
import { RecruiterLayout, renderPage, type PageContext } from './layout.tsx';

/** A page that only says something: the session ended, the form expired, no such application. */
export function renderMessagePage({ context, title, text, signInAgain = false }: { context: PageContext; title: string; text: string; signInAgain?: boolean }): string {
  return renderPage(
    <RecruiterLayout context={context} title={title}>
      <h1 className="page-heading">{title}</h1>
      <p>{text}</p>
      <p>
        {signInAgain ? <a href={recruiterPaths.signIn}>Sign in again</a> : <a href={recruiterPaths.inbox}>Back to all applications</a>}
      </p>
    </RecruiterLayout>,
  );
}
