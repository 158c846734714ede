import { Suspense, type ReactNode } from 'react';
import type { Step } from '../../../machines/steps.ts';
import { progressPercent } from '../../../machines/steps.ts';
import { PageShell } from './page-shell.tsx';
import { DraftBar } from '../drafts/draft-bar.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { StepNavigation } from './step-navigation.tsx';

/** The shared layout of every form route: header, progress, the step's heading, then its content. */
export function FormLayout({ step, children }: { step: Step; children?: ReactNode }) {
  return (
    <PageShell
      above={
        <>
          <ProgressBar value={progressPercent(step.id)} />
          <DraftBar />
        </>
      }
      step={step.id}
    >
      <h1 className="page-heading" tabIndex={-1}>
        {step.heading}
      </h1>
      {children}
    </PageShell>
  );
}

/** A step's content and its Back/Next, which arrive together, so nothing already painted moves when the content loads. */
export function StepContent({ step, children }: { step: Step; children?: ReactNode }) {
  return (
    <Suspense fallback={<p className="loading">Loading…</p>}>
      {children}
      <StepNavigation submits={'submits' in step && step.submits === true} />
    </Suspense>
  );
}
