import { lazy, useState, type ComponentType } from 'react';
import type { ScreenName, StepId } from '../../machines/steps.ts';
import { stepForms, type DataStepId } from '../../machines/form/step-forms.ts';

/** What every screen is given: the step it shows (a neighbour is rendered ahead, while another step is shown). */
export interface ScreenProps {
  readonly step: StepId;
}

type ScreenModule = { default: ComponentType<ScreenProps> };

export interface LazyScreen {
  /** The screen: rendered at once when its code is loaded, through React.lazy (suspending) otherwise. */
  Component: ComponentType<ScreenProps>;
  /** Starts loading the screen's code; calling it again reuses the same request. */
  preload: () => Promise<ScreenModule>;
}

function lazyScreen(load: () => Promise<ScreenModule>): LazyScreen {
  let pending: Promise<ScreenModule> | undefined;
  let loaded: ComponentType<ScreenProps> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  // React.lazy suspends the first render of every lazy component, even one whose code is loaded
  // (docs/performance.md, "Next: from the click to the painted step"). Chosen once per mount, so it never remounts.
  function Screen({ step }: ScreenProps) {
    const [Component] = useState<ComponentType<ScreenProps>>(() => loaded ?? Lazy);
    return <Component step={step} />;
  }
  return { Component: Screen, preload };
}

/** A data step: the generic renderer of its declaration (one chunk shared by all data steps). */
function dataStep(): LazyScreen {
  return lazyScreen(() => import('../features/step-form/step-form-screen.tsx').then((m) => ({ default: m.StepFormScreen })));
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
  stepForms.filter((form) => !(form.step in ownScreens)).map((form) => [form.step, dataStep()]),
) as Record<Exclude<DataStepId, keyof typeof ownScreens>, LazyScreen>;

export const screens: Readonly<Record<Exclude<ScreenName, 'home'>, LazyScreen>> = { ...declaredScreens, ...ownScreens };

export function screenFor(name: ScreenName): LazyScreen | null {
  return name === 'home' ? null : screens[name];
}
