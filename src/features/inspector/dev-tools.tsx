import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { InspectionEvent, Observer } from 'xstate';
import { createInspectorController, type InspectedApplication, type InspectorController } from './inspector-controller.ts';
import { createHostedInspector } from './hosted-inspector.ts';
import { InspectorPanel, inspectorShortcut } from './inspector-panel.tsx';

/**
 * The inspectors of development and preview builds, loaded by `src/app/start-application.tsx` with a dynamic import
 * behind a check of the build's mode (`development` or `preview`), so a production build has none
 * of this code (`test/build/production-bundle.test.ts` checks):
 * - `?inspect`: Stately's hosted inspector (stately.ai, needs the internet) on the application actor;
 * - `?inspect=local`, or Alt+Shift+I at any time: the offline inspector, a side panel.
 */

export type InspectorMode = 'none' | 'hosted' | 'local';

export function inspectorModeOf(search: string): InspectorMode {
  const value = new URLSearchParams(search).get('inspect');
  if (value === null) return 'none';
  return value === 'local' ? 'local' : 'hosted';
}

export interface DevTools {
  readonly mode: InspectorMode;
  /** With `?inspect`: the hosted inspector, to attach when the application actor is created. */
  readonly inspect?: Observer<InspectionEvent>;
  /** For `ApplicationRoot`'s `onActorChange`: both inspectors follow the current application actor. */
  readonly follow: (app: InspectedApplication) => void;
  readonly controller: InspectorController;
  /** Removes the shortcut and the panel. */
  dispose(): void;
}

export async function startDevTools(search: string): Promise<DevTools> {
  const mode = inspectorModeOf(search);
  const hosted = mode === 'hosted' ? await createHostedInspector() : undefined;
  const controller = createInspectorController({ open: mode === 'local' });

  const container = document.createElement('div');
  container.dataset.machineInspector = '';
  document.body.append(container);
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <InspectorPanel controller={controller} />
    </StrictMode>,
  );

  const onKeyDown = (event: KeyboardEvent) => {
    if (!inspectorShortcut.matches(event)) return;
    event.preventDefault();
    if (!controller.getState().open) controller.setOpen(true);
    else if (container.contains(document.activeElement)) controller.setOpen(false);
    else container.querySelector<HTMLElement>('h2')?.focus();
  };
  document.addEventListener('keydown', onKeyDown);

  return {
    mode,
    ...(hosted ? { inspect: hosted.inspect } : {}),
    follow(app) {
      hosted?.follow(app.actor);
      controller.follow(app);
    },
    controller,
    dispose() {
      document.removeEventListener('keydown', onKeyDown);
      root.unmount();
      container.remove();
    },
  };
}
