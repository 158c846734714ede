import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenName, StepId } from '../../machines/steps.ts';

type ScreenModule = { default: ComponentType };

export interface LazyScreen {
  Component: LazyExoticComponent<ComponentType>;
  /** Starts loading the screen's code; calling it again reuses the same request. */
  preload: () => Promise<ScreenModule>;
}

function lazyScreen(load: () => Promise<ScreenModule>): LazyScreen {
  let pending: Promise<ScreenModule> | undefined;
  const preload = () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  return { Component: lazy(preload), preload };
}

/** A data step: the generic renderer of its declaration (one chunk shared by all data steps). */
function dataStep(step: StepId): LazyScreen {
  return lazyScreen(() =>
    import('../features/step-form/step-form-screen.tsx').then(({ StepFormScreen }) => ({
      default: function DataStepScreen() {
        return <StepFormScreen step={step} />;
      },
    })),
  );
}

/**
 * The content of each form screen, loaded on demand so the home page does not ship every step.
 */
export const screens: Readonly<Record<Exclude<ScreenName, 'home'>, LazyScreen>> = {
  requirements: lazyScreen(() =>
    import('../features/requirements/requirements-screen.tsx').then((m) => ({ default: m.RequirementsScreen })),
  ),
  personal: dataStep('personal'),
  general: dataStep('general'),
  emergency: dataStep('emergency'),
  license: dataStep('license'),
  military: dataStep('military'),
  employed: dataStep('employed'),
  training: dataStep('training'),
  education: dataStep('education'),
  unemployed: dataStep('unemployed'),
  employment: lazyScreen(() =>
    import('../features/employment-history/employment-history-screen.tsx').then((m) => ({ default: m.EmploymentHistoryScreen })),
  ),
  record: dataStep('record'),
  accidents: dataStep('accidents'),
  violations: dataStep('violations'),
  criminal: dataStep('criminal'),
  confirmation: lazyScreen(() =>
    import('../features/confirmation/confirmation-screen.tsx').then((m) => ({ default: m.ConfirmationScreen })),
  ),
  notice: lazyScreen(() => import('../features/notices/notice-screen.tsx').then((m) => ({ default: m.NoticeScreen }))),
  signature: lazyScreen(() => import('../features/signature/signature-screen.tsx').then((m) => ({ default: m.SignatureScreen }))),
};

export function screenFor(name: ScreenName): LazyScreen | null {
  return name === 'home' ? null : screens[name];
}
