import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenName, StepId } from '../../machines/steps.ts';
import { stepForms, type DataStepId } from '../../machines/form/step-forms.ts';

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
const ownScreens = {
  requirements: lazyScreen(() =>
    import('../features/requirements/requirements-screen.tsx').then((m) => ({ default: m.RequirementsScreen })),
  ),
  employment: lazyScreen(() =>
    import('../features/employment-history/employment-history-screen.tsx').then((m) => ({ default: m.EmploymentHistoryScreen })),
  ),
  confirmation: lazyScreen(() =>
    import('../features/confirmation/confirmation-screen.tsx').then((m) => ({ default: m.ConfirmationScreen })),
  ),
  notice: lazyScreen(() => import('../features/notices/notice-screen.tsx').then((m) => ({ default: m.NoticeScreen }))),
  signature: lazyScreen(() => import('../features/signature/signature-screen.tsx').then((m) => ({ default: m.SignatureScreen }))),
} satisfies Partial<Record<ScreenName, LazyScreen>>;

/** Every declared data step without a screen of its own is rendered from its declaration. */
const declaredScreens = Object.fromEntries(
  stepForms.filter((form) => !(form.step in ownScreens)).map((form) => [form.step, dataStep(form.step)]),
) as Record<Exclude<DataStepId, keyof typeof ownScreens>, LazyScreen>;

export const screens: Readonly<Record<Exclude<ScreenName, 'home'>, LazyScreen>> = { ...declaredScreens, ...ownScreens };

export function screenFor(name: ScreenName): LazyScreen | null {
  return name === 'home' ? null : screens[name];
}
