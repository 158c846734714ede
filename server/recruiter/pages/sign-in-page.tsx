import { Field } from '../../../src/shared/ui/field.tsx';
import { recruiterPaths } from '../recruiter-paths.ts';
import { CsrfField, RecruiterLayout, renderPage, type PageContext } from './layout.tsx';

export interface SignInPageProps {
  readonly context: PageContext;
  /** The sign-in form's own CSRF token (there is no session yet). */
  readonly csrf: string;
  readonly next: string;
  readonly email?: string;
  /** Why the form is shown again: a wrong password, a lockout, an ended session. */
  readonly notice?: { readonly kind: 'error' | 'info'; readonly text: string };
  readonly fieldErrors?: { readonly email?: string; readonly password?: string };
}

export function renderSignInPage({ context, csrf, next, email = '', notice, fieldErrors = {} }: SignInPageProps): string {
  return renderPage(
    <RecruiterLayout context={context} title="Sign in">
      <h1 className="page-heading">Sign in to the recruiting inbox</h1>
      {notice?.kind === 'error' ? (
        <div className="error-summary" role="alert">
          <h2 className="error-summary__title">There is a problem</h2>
          <p>{notice.text}</p>
        </div>
      ) : null}
      {notice?.kind === 'info' ? (
        <p className="panel panel--info" role="status">
          {notice.text}
        </p>
      ) : null}
      <form method="post" action={recruiterPaths.signIn} noValidate className="recruiter-form">
        <CsrfField token={csrf} />
        <input type="hidden" name="next" value={next} />
        <Field label="Email address" required error={fieldErrors.email}>
          {(control) => (
            <input {...control} className="input" type="email" name="email" autoComplete="username" spellCheck={false} defaultValue={email} required />
          )}
        </Field>
        <Field label="Password" required error={fieldErrors.password}>
          {(control) => <input {...control} className="input" type="password" name="password" autoComplete="current-password" required />}
        </Field>
        <button type="submit" className="button">
          Sign in
        </button>
      </form>
      <p className="recruiter-muted">Accounts are created by your administrator. Forgotten your password? Ask them to set a new one.</p>
    </RecruiterLayout>,
  );
}
