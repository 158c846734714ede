import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { CarrierConfig } from '../../../config/carrier-config.ts';
import { recruiterPaths } from '../recruiter-paths.ts';

/**
 * The recruiter pages are rendered on the server as plain HTML (no script at all): nothing reaches
 * the applicant's bundle, every action is an ordinary link or form, and the Content-Security-Policy
 * stays as strict as the applicant's. See docs/recruiter.md.
 */

export interface PageContext {
  readonly carrier: CarrierConfig;
  /** The app's own stylesheet(s) from the build, then `/recruiter.css`. */
  readonly stylesheets: readonly string[];
  /** Set when signed in: who, and the token every form of the page carries. */
  readonly session?: { readonly email: string; readonly csrf: string };
}

export const csrfFieldName = '_csrf';

export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name={csrfFieldName} value={token} />;
}

export function renderPage(element: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(element)}`;
}

interface LayoutProps {
  readonly context: PageContext;
  readonly title: string;
  readonly children: ReactNode;
  /** Wider main column (the inbox table). */
  readonly wide?: boolean;
}

export function RecruiterLayout({ context, title, children, wide = false }: LayoutProps) {
  const { carrier, stylesheets, session } = context;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} – ${carrier.name} recruiting`}</title>
        <link rel="icon" href={carrier.logo} />
        {stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body className="recruiter">
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <header className="site-header">
          <div className="site-header__inner recruiter-header">
            <a href={session ? recruiterPaths.inbox : recruiterPaths.signIn} className="site-header__brand">
              <img className="site-header__logo" src={carrier.logo} alt="" width="40" height="40" />
              <span>{carrier.name} recruiting</span>
            </a>
            {session ? (
              <nav className="recruiter-header__nav" aria-label="Account">
                <span className="recruiter-header__who">Signed in as {session.email}</span>
                <form method="post" action={recruiterPaths.signOut}>
                  <CsrfField token={session.csrf} />
                  <button type="submit" className="button button--secondary button--small">
                    Sign out
                  </button>
                </form>
              </nav>
            ) : null}
          </div>
        </header>
        <div className={wide ? 'page__body recruiter-body recruiter-body--wide' : 'page__body recruiter-body'}>
          <main id="main" className="main" tabIndex={-1}>
            {children}
          </main>
        </div>
      </body>
    </html>
  );
}
