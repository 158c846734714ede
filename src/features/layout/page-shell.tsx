import type { ReactNode } from 'react';
import { SiteHeader } from './site-header.tsx';

/** The frame of every page: the site header, then the page's body around its main content. */
export function PageShell({
  above,
  mainClassName,
  step,
  children,
}: {
  above?: ReactNode;
  mainClassName?: string;
  /** The step-list entry shown, for styling and tests. */
  step?: string;
  children: ReactNode;
}) {
  return (
    <div className="page">
      <SiteHeader />
      <div className="page__body">
        {above}
        <main id="main-content" className={mainClassName ? `main ${mainClassName}` : 'main'} data-step={step}>
          {children}
        </main>
      </div>
    </div>
  );
}
