import { useEffect, useId, useRef } from 'react';
import type { InspectorController } from './inspector-controller.ts';
import { useInspectorState } from './use-inspector-state.ts';
import { CurrentStateView, StatechartView } from './statechart-view.tsx';
import { EventLogView } from './event-log-view.tsx';
import { PathsView } from './paths-view.tsx';
import { RecordingView } from './recording-view.tsx';
import './machine-inspector.css';

/** The keyboard shortcut that opens the panel (Ctrl+Shift+I belongs to the browser's developer tools). */
export const inspectorShortcut = { label: 'Alt+Shift+I', matches: (event: KeyboardEvent) => event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyI' };

export const openClassName = 'machine-inspector-open';

function Panel({ controller }: { controller: InspectorController }) {
  const state = useInspectorState(controller);
  const titleId = useId();
  const asideRef = useRef<HTMLElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  // Focus moves into the panel when it opens and back to where it was (or the page's heading) when it closes.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const aside = asideRef.current;
    titleRef.current?.focus();
    document.documentElement.classList.add(openClassName);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && event.target instanceof Node && aside?.contains(event.target)) {
        event.preventDefault();
        controller.setOpen(false);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.documentElement.classList.remove(openClassName);
      const inPanel = document.activeElement === document.body || aside?.contains(document.activeElement);
      if (!inPanel) return;
      const target = opener && opener.isConnected && opener !== document.body ? opener : document.querySelector<HTMLElement>('main h1');
      target?.focus();
    };
  }, [controller]);

  return (
    <aside ref={asideRef} className="machine-inspector" aria-labelledby={titleId}>
      <div className="machine-inspector__header">
        <h2 id={titleId} ref={titleRef} className="machine-inspector__title" tabIndex={-1}>
          Machine inspector
        </h2>
        <button type="button" className="machine-inspector__button" onClick={() => controller.setOpen(false)}>
          Close the inspector
        </button>
      </div>
      <p className="machine-inspector__note">
        {inspectorShortcut.label} opens and closes this panel; Escape closes it. Development and preview builds only.
      </p>
      {state.snapshot ? (
        <>
          <section className="machine-inspector__section" aria-labelledby={`${titleId}-paths`}>
            <h3 id={`${titleId}-paths`}>Paths</h3>
            <PathsView controller={controller} state={state} />
          </section>
          <section className="machine-inspector__section" aria-labelledby={`${titleId}-recording`}>
            <h3 id={`${titleId}-recording`}>Record, export and import</h3>
            <RecordingView controller={controller} state={state} />
          </section>
          <section className="machine-inspector__section" aria-labelledby={`${titleId}-state`}>
            <h3 id={`${titleId}-state`}>Current state</h3>
            <CurrentStateView snapshot={state.snapshot} />
          </section>
          <section className="machine-inspector__section" aria-labelledby={`${titleId}-log`}>
            <h3 id={`${titleId}-log`}>Event log</h3>
            <EventLogView log={state.log} onClear={() => controller.clearLog()} />
          </section>
          <section className="machine-inspector__section" aria-labelledby={`${titleId}-chart`}>
            <h3 id={`${titleId}-chart`}>Statechart</h3>
            <StatechartView snapshot={state.snapshot} />
          </section>
        </>
      ) : (
        <p>Waiting for the application…</p>
      )}
    </aside>
  );
}

/** The offline inspector: a side panel next to the application, shown while the controller says it is open. */
export function InspectorPanel({ controller }: { controller: InspectorController }) {
  const { open } = useInspectorState(controller);
  return open ? <Panel controller={controller} /> : null;
}
