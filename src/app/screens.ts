import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenName } from '../../machines/steps.ts';

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

/**
 * The content of each form screen, loaded on demand so the home page does not ship every step.
 * `null`: a screen whose issue has not built it yet; the layout shows the step's heading alone.
 */
export const screens: Readonly<Record<Exclude<ScreenName, 'home'>, LazyScreen | null>> = {
  requirements: lazyScreen(() =>
    import('../features/requirements/requirements-screen.tsx').then((m) => ({ default: m.RequirementsScreen })),
  ),
  personal: null,
  general: null,
  emergency: null,
  license: null,
  military: null,
  employed: null,
  training: null,
  education: null,
  unemployed: null,
  employment: null,
  record: null,
  accidents: null,
  violations: null,
  criminal: null,
  confirmation: null,
  notice: null,
  signature: null,
};

export function screenFor(name: ScreenName): LazyScreen | null {
  return name === 'home' ? null : screens[name];
}
