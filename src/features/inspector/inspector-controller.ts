import { createActor, type InspectionEvent, type StateValue, type Subscription } from 'xstate';
import { applicationMachine, selectPosition, type ApplicationSnapshot } from '../../../machines/application-machine.ts';
import { getStep, isApplicationPath, normalisePath } from '../../../machines/steps.ts';
import type { ApplicationActor } from '../../shared/application-actor.ts';
import { maskEvent } from './masking.ts';
import { isPersonEventType, pathFormat, pathFormatVersion, type InspectorPath, type PersonEvent } from './inspector-path.ts';

/**
 * The offline inspector's state, outside React so that it keeps the log and goes on replaying while
 * the panel is closed: the application it follows, the live event log, the recording of this
 * session, and the replay of a path.
 */

/** The current application, as the app root registers it (see `ApplicationRoot`'s `onActorChange`). */
export interface InspectedApplication {
  readonly actor: ApplicationActor;
  /** Goes to `path` through the router, as a link, the address bar or the browser's buttons would. */
  readonly navigate: (path: string) => void;
  /** The path the router shows. */
  readonly currentPath: () => string;
  /** Start over, confirmed: the draft cleared and an empty application at `/` (a new actor). */
  readonly startOver: () => void;
}

export interface LogEntry {
  readonly id: number;
  readonly time: string;
  /** `event`: an event the application received; `actor`: the application actor was replaced. */
  readonly kind: 'event' | 'actor';
  readonly type: string;
  /** The event's payload (everything but its type), SSN and signature masked, as JSON. */
  readonly payload: string;
  /** Sent from outside the machine (a person, the URL) or by the machine itself (a timer, the submission). */
  readonly source: 'app' | 'machine';
}

export interface RecordingState {
  /** The current application started empty (not from a saved draft), so its events replay from Start over. */
  readonly replayable: boolean;
  readonly events: readonly PersonEvent[];
}

export type ReplayStatus = 'ready' | 'playing' | 'paused' | 'finished' | 'failed';

export interface ReplayState {
  readonly path: InspectorPath | null;
  /** Steps done: the Start over that opens every replay, then the path's events. */
  readonly done: number;
  readonly status: ReplayStatus;
  readonly error: string | null;
  /** Whether the application landed on the state the path names (once finished). */
  readonly landed: boolean | null;
}

export interface InspectorState {
  readonly open: boolean;
  readonly app: InspectedApplication | null;
  readonly snapshot: ApplicationSnapshot | null;
  readonly log: readonly LogEntry[];
  readonly recording: RecordingState;
  readonly replay: ReplayState;
  readonly speed: number;
  readonly imported: readonly InspectorPath[];
}

/** Replay speeds: how many times faster than one step every 800 ms. */
export const replaySpeeds = [0.5, 1, 2, 4, 10] as const;
const baseStepDelay = 800;
const maxLogEntries = 500;
const maxRecordedEvents = 10_000;
const settleTimeout = 5_000;

/** Every step of a replay: Start over, then each event. */
export function replayStepCount(path: InspectorPath): number {
  return path.events.length + 1;
}

function stable(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

export function sameStateValue(a: StateValue, b: StateValue): boolean {
  return stable(a) === stable(b);
}

let emptyApplicationSnapshot: ApplicationSnapshot | undefined;

/** Whether a snapshot is an empty application (wherever it is in the step list). */
export function isEmptyApplication(snapshot: ApplicationSnapshot): boolean {
  emptyApplicationSnapshot ??= createActor(applicationMachine).getSnapshot();
  const withoutStep = (value: StateValue) => ({ ...(value as Record<string, unknown>), step: undefined });
  return (
    stable(snapshot.context) === stable(emptyApplicationSnapshot.context) &&
    stable(withoutStep(snapshot.value)) === stable(withoutStep(emptyApplicationSnapshot.value))
  );
}

/** Whether the page shows where the machine is: the URL is the route of its step (any URL for Not Found). */
function inStep(app: InspectedApplication): boolean {
  const position = selectPosition(app.actor.getSnapshot());
  const path = normalisePath(app.currentPath());
  return position === 'notFound' ? !isApplicationPath(path) : getStep(position).route === path;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface InspectorController {
  getState(): InspectorState;
  subscribe(listener: () => void): () => void;
  /** Registered with the app root: follow this application from now on. */
  follow(app: InspectedApplication): void;
  setOpen(open: boolean): void;
  clearLog(): void;
  /** Choose a path to replay (stops any replay under way). */
  load(path: InspectorPath): void;
  play(): void;
  pause(): void;
  /** Do the next step of the chosen path. */
  step(): Promise<void>;
  setSpeed(speed: number): void;
  /** Add an imported path to the list and choose it. */
  addImported(path: InspectorPath): void;
  /** The current session's events as a path, or null when the session did not start empty. */
  recordedPath(): InspectorPath | null;
  /** Start over, so the recording starts from an empty application. */
  startOverAndRecord(): Promise<void>;
}

export function createInspectorController({ open = false }: { open?: boolean } = {}): InspectorController {
  let state: InspectorState = {
    open,
    app: null,
    snapshot: null,
    log: [],
    recording: { replayable: false, events: [] },
    replay: { path: null, done: 0, status: 'ready', error: null, landed: null },
    speed: 1,
    imported: [],
  };
  const listeners = new Set<() => void>();
  let nextLogId = 1;
  let subscriptions: Subscription[] = [];
  const actorWaiters = new Set<(app: InspectedApplication) => void>();
  /** Bumped by every load, so an older replay loop stops. */
  let replayRun = 0;
  /** Bumped by every play, pause and single step, so only the latest play loop goes on. */
  let playToken = 0;
  let stepping = false;

  const update = (next: Partial<InspectorState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const updateReplay = (next: Partial<ReplayState>) => update({ replay: { ...state.replay, ...next } });

  const appendLog = (entry: Omit<LogEntry, 'id' | 'time'>) => {
    const log = [...state.log, { ...entry, id: nextLogId++, time: new Date().toISOString().slice(11, 23) }];
    update({ log: log.length > maxLogEntries ? log.slice(log.length - maxLogEntries) : log });
  };

  const observe = (actor: ApplicationActor) => (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.event' || inspection.actorRef !== actor) return;
    const event = inspection.event as { type: string } & Record<string, unknown>;
    if (event.type === 'xstate.init' || event.type === 'xstate.stop') return;
    const { type, ...payload } = maskEvent(event);
    const fromOutside = inspection.sourceRef === undefined;
    appendLog({ kind: 'event', type, payload: JSON.stringify(payload), source: fromOutside ? 'app' : 'machine' });
    if (fromOutside && isPersonEventType(event.type) && state.recording.replayable && state.recording.events.length < maxRecordedEvents) {
      update({ recording: { ...state.recording, events: [...state.recording.events, event as PersonEvent] } });
    }
  };

  const settle = async (app: () => InspectedApplication | null) => {
    const deadline = Date.now() + settleTimeout;
    for (;;) {
      const current = app();
      if (current && inStep(current)) return;
      if (Date.now() > deadline) throw new Error('The page did not follow the machine to its step.');
      await sleep(10);
    }
  };

  const nextActor = (previous: ApplicationActor | undefined) =>
    new Promise<InspectedApplication>((resolve, reject) => {
      const timer = setTimeout(() => {
        actorWaiters.delete(waiter);
        reject(new Error('Start over did not give a new application.'));
      }, settleTimeout);
      const waiter = (app: InspectedApplication) => {
        if (app.actor === previous) return;
        clearTimeout(timer);
        actorWaiters.delete(waiter);
        resolve(app);
      };
      actorWaiters.add(waiter);
    });

  /** Performs step `index` of the chosen path: 0 is Start over, then its events in order. */
  const perform = async (path: InspectorPath, index: number) => {
    const app = state.app;
    if (!app) throw new Error('No application to replay into.');
    if (index === 0) {
      const replaced = nextActor(app.actor);
      app.startOver();
      await replaced;
    } else {
      const event = path.events[index - 1];
      if (!event) return;
      if (event.type === 'route.changed' && normalisePath(app.currentPath()) !== normalisePath(event.path)) {
        // Through the router, so the URL changes first and the app tells the machine, as for a link.
        app.navigate(event.path);
      } else {
        app.actor.send(event);
      }
    }
    await settle(() => state.app);
  };

  const finish = (path: InspectorPath) => {
    const snapshot = state.app?.actor.getSnapshot();
    updateReplay({ status: 'finished', landed: snapshot ? sameStateValue(snapshot.value, path.expectedValue) : false });
  };

  const doStep = async (run: number): Promise<boolean> => {
    const { path, done } = state.replay;
    if (!path || done >= replayStepCount(path)) return false;
    stepping = true;
    try {
      await perform(path, done);
    } catch (error) {
      if (run === replayRun) updateReplay({ status: 'failed', error: (error as Error).message });
      return false;
    } finally {
      stepping = false;
    }
    if (run !== replayRun) return false;
    updateReplay({ done: done + 1 });
    if (done + 1 >= replayStepCount(path)) finish(path);
    return true;
  };

  const controller: InspectorController = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    follow(app) {
      const previous = state.app;
      if (previous?.actor === app.actor) {
        update({ app });
        return;
      }
      for (const subscription of subscriptions) subscription.unsubscribe();
      const snapshot = app.actor.getSnapshot();
      const replayable = isEmptyApplication(snapshot);
      const path = normalisePath(app.currentPath());
      const events: PersonEvent[] = replayable && path !== '/' ? [{ type: 'route.changed', path }] : [];
      if (previous) appendLog({ kind: 'actor', type: 'A new application actor', payload: replayable ? 'empty application' : 'answers carried over', source: 'app' });
      update({ app, snapshot, recording: { replayable, events } });
      subscriptions = [
        app.actor.system.inspect(observe(app.actor)),
        app.actor.subscribe((next) => {
          if (state.app?.actor === app.actor) update({ snapshot: next });
        }),
      ];
      for (const waiter of [...actorWaiters]) waiter(app);
    },
    setOpen(open) {
      update({ open });
    },
    clearLog() {
      update({ log: [] });
    },
    load(path) {
      replayRun += 1;
      update({ replay: { path, done: 0, status: 'ready', error: null, landed: null } });
    },
    play() {
      const { path, status } = state.replay;
      if (!path || status === 'playing') return;
      if (status === 'finished' || status === 'failed') controller.load(path);
      const run = replayRun;
      const token = ++playToken;
      const playing = () => run === replayRun && token === playToken && state.replay.status === 'playing';
      updateReplay({ status: 'playing' });
      void (async () => {
        while (stepping) await sleep(10);
        while (playing()) {
          if (!(await doStep(run))) return;
          if (!playing()) return;
          await sleep(baseStepDelay / state.speed);
        }
      })();
    },
    pause() {
      playToken += 1;
      if (state.replay.status === 'playing') updateReplay({ status: 'paused' });
    },
    async step() {
      const { path, status } = state.replay;
      if (!path || stepping) return;
      if (status === 'finished' || status === 'failed') controller.load(path);
      playToken += 1;
      if (state.replay.status === 'playing') updateReplay({ status: 'paused' });
      const run = replayRun;
      if (await doStep(run)) {
        if (state.replay.status !== 'finished') updateReplay({ status: 'paused' });
      }
    },
    setSpeed(speed) {
      update({ speed });
    },
    addImported(path) {
      update({ imported: [...state.imported, path] });
      controller.load(path);
    },
    recordedPath() {
      const { recording, snapshot } = state;
      if (!recording.replayable || !snapshot) return null;
      return {
        format: pathFormat,
        version: pathFormatVersion,
        name: 'Recorded session',
        origin: 'recorded',
        events: recording.events,
        expectedValue: snapshot.value,
      };
    },
    async startOverAndRecord() {
      const app = state.app;
      if (!app) return;
      const replaced = nextActor(app.actor);
      app.startOver();
      await replaced;
    },
  };
  return controller;
}
