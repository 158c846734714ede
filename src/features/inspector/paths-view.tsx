import { useEffect, useId, useState } from 'react';
import { describeEvent } from './describe-event.ts';
import { generatedPaths, type GeneratedPath } from './generated-paths.ts';
import { replaySpeeds, replayStepCount, type InspectorController, type InspectorState } from './inspector-controller.ts';
import type { InspectorPath } from './inspector-path.ts';

function statusText({ replay }: InspectorState): string {
  const { path, done, status, error, landed } = replay;
  if (!path) return 'Choose a path to replay.';
  const total = replayStepCount(path);
  switch (status) {
    case 'ready':
      return `Ready: ${total} steps (Start over, then ${path.events.length} events).`;
    case 'playing':
      return `Playing: step ${done} of ${total} done.`;
    case 'paused':
      return `Paused: step ${done} of ${total} done.`;
    case 'failed':
      return `Stopped at step ${done + 1} of ${total}: ${error ?? 'the step failed'}`;
    case 'finished':
      return landed
        ? `Finished: the application is on the state this path names.`
        : `Finished, but the application is not on the state this path names.`;
  }
}

function ReplayControls({ controller, state }: { controller: InspectorController; state: InspectorState }) {
  const speedId = useId();
  const { path, done, status } = state.replay;
  const steps = path ? ['Start over: an empty application at /', ...path.events.map(describeEvent)] : [];
  return (
    <div className="machine-inspector__replay">
      <p className="machine-inspector__chosen">
        {path ? (
          <>
            Chosen path: <strong>{path.name}</strong>
          </>
        ) : (
          'No path chosen.'
        )}
      </p>
      <div className="machine-inspector__controls">
        <button type="button" className="machine-inspector__button" disabled={!path || status === 'playing'} onClick={() => controller.play()}>
          Play
        </button>
        <button type="button" className="machine-inspector__button" disabled={status !== 'playing'} onClick={() => controller.pause()}>
          Pause
        </button>
        <button type="button" className="machine-inspector__button" disabled={!path || status === 'playing'} onClick={() => void controller.step()}>
          Single step
        </button>
        <label htmlFor={speedId} className="machine-inspector__speed">
          Speed
        </label>
        <select id={speedId} value={state.speed} onChange={(event) => controller.setSpeed(Number(event.target.value))}>
          {replaySpeeds.map((speed) => (
            <option key={speed} value={speed}>
              {speed}×
            </option>
          ))}
        </select>
      </div>
      <p role="status" className="machine-inspector__status" data-testid="replay-status">
        {statusText(state)}
      </p>
      {path ? (
        <ol className="machine-inspector__steps" aria-label="Steps of the chosen path">
          {steps.map((step, index) => (
            <li
              key={index}
              aria-current={index === done - 1 ? 'step' : undefined}
              className={index < done ? 'machine-inspector__step machine-inspector__step--done' : 'machine-inspector__step'}
            >
              {step}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function PathList({ title, paths, controller, chosen }: { title: string; paths: readonly InspectorPath[]; controller: InspectorController; chosen: InspectorPath | null }) {
  if (paths.length === 0) return null;
  return (
    <>
      <h4 className="machine-inspector__subheading">{title}</h4>
      <ul className="machine-inspector__paths">
        {paths.map((path, index) => (
          <li key={`${path.name}-${index}`}>
            <button
              type="button"
              className="machine-inspector__path"
              aria-pressed={path === chosen}
              onClick={() => controller.load(path)}
            >
              {path.name}
            </button>{' '}
            <span className="machine-inspector__count">
              ({path.events.length} event{path.events.length === 1 ? '' : 's'})
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The generated and imported paths, and the replay of the chosen one into the running application. */
export function PathsView({ controller, state }: { controller: InspectorController; state: InspectorState }) {
  const [generated, setGenerated] = useState<GeneratedPath[] | null>(null);
  useEffect(() => {
    // Searching the machine takes a moment: after the panel has been drawn.
    const timer = setTimeout(() => setGenerated(generatedPaths()), 0);
    return () => clearTimeout(timer);
  }, []);
  const chosen = state.replay.path;
  return (
    <>
      <p className="machine-inspector__note">
        A replay starts over (an empty application at /) and sends the path’s events as a person would: routes through the
        browser’s address, everything else through the application. The page shows every step.
      </p>
      <ReplayControls controller={controller} state={state} />
      {generated ? (
        <>
          <PathList title="Imported" paths={state.imported} controller={controller} chosen={chosen} />
          <PathList title="Shortest path to every step" paths={generated.filter((path) => path.target.kind === 'step')} controller={controller} chosen={chosen} />
          <PathList title="Shortest path to every reveal" paths={generated.filter((path) => path.target.kind === 'reveal')} controller={controller} chosen={chosen} />
          <PathList title="Walks" paths={generated.filter((path) => path.target.kind === 'walk')} controller={controller} chosen={chosen} />
        </>
      ) : (
        <p>Generating paths from the machine…</p>
      )}
    </>
  );
}
