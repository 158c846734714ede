import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { createActor } from 'xstate';
import { applicationMachine, selectPosition, type ApplicationSnapshot } from '../../machines/application-machine.ts';
import { steps } from '../../machines/steps.ts';
import { ApplicationRoot, openApplication } from '../../src/app/application-root.tsx';
import { startApplicationActor } from '../../src/shared/application-actor.ts';
import { createDraftStorage } from '../../src/shared/draft/draft-storage.ts';
import { createInspectorController, type InspectorController } from '../../src/features/inspector/inspector-controller.ts';
import { InspectorPanel } from '../../src/features/inspector/inspector-panel.tsx';
import { generatedPaths } from '../../src/features/inspector/generated-paths.ts';
import { placeholderSsn } from '../../src/features/inspector/inspector-path.ts';

/**
 * The offline inspector next to the whole application (its root, router and draft), wired as
 * `src/app/start-application.tsx` wires it in development and preview builds: the root registers the current actor
 * with the inspector's controller.
 */

/** The step screens are loaded lazily: the first one of a test file takes a moment. */
const lazyScreen = { timeout: 10_000 };

/**
 * A test here renders the whole application and the panel, waits for a lazy screen (up to `lazyScreen`)
 * and runs axe-core: on a shared 2-core machine that outlasts Vitest's default 5 s.
 */
const inspectorTestTimeout = 30_000;

const pngDataUrl = `data:image/png;base64,${'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='}`;

let controller: InspectorController;

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  controller?.pause();
});

function openInspectedApp(path: string, { open = true } = {}) {
  window.history.replaceState(null, '', path);
  const storage = createDraftStorage(window.localStorage, window.sessionStorage);
  const actor = openApplication(storage);
  controller = createInspectorController({ open });
  const result = render(
    <StrictMode>
      <ApplicationRoot initialActor={actor} storage={storage} onActorChange={controller.follow} />
      <InspectorPanel controller={controller} />
    </StrictMode>,
  );
  return { ...result, controller };
}

/** The application actor the inspector follows now (Start over and replays replace it). */
function currentSnapshot(): ApplicationSnapshot {
  const app = controller.getState().app;
  if (!app) throw new Error('the inspector follows no application');
  return app.actor.getSnapshot();
}

function panel() {
  return screen.getByRole('complementary', { name: 'Machine inspector' });
}

function stateItem(id: string): HTMLElement {
  const item = panel().querySelector<HTMLElement>(`[data-state-id="${id}"]`);
  if (!item) throw new Error(`no state ${id} in the statechart`);
  return item;
}

async function choosePath(name: string) {
  await userEvent.click(await within(panel()).findByRole('button', { name }, { timeout: 10_000 }));
}

async function playToTheEnd() {
  await userEvent.selectOptions(within(panel()).getByRole('combobox', { name: 'Speed' }), '10');
  await userEvent.click(within(panel()).getByRole('button', { name: 'Play' }));
  await waitFor(() => expect(screen.getByTestId('replay-status')).toHaveTextContent(/^Finished/), { timeout: 10_000 });
}

describe('the offline inspector panel', { timeout: inspectorTestTimeout }, () => {
  it('is a side panel named Machine inspector: focus moves to it, Escape closes it and gives focus back', async () => {
    openInspectedApp('/form/2/personal', { open: false });
    const firstName = await screen.findByRole('textbox', { name: 'First name' }, lazyScreen);
    firstName.focus();
    act(() => controller.setOpen(true));
    const aside = panel();
    expect(within(aside).getByRole('heading', { level: 2, name: 'Machine inspector' })).toHaveFocus();

    const results = await axe.run(aside, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('complementary', { name: 'Machine inspector' })).not.toBeInTheDocument();
    expect(firstName).toHaveFocus();
  });

  it('draws the machine from its graph with the current states marked, the reveal regions and the list sizes', async () => {
    openInspectedApp('/form/5/military');
    await screen.findByRole('group', { name: 'Were you ever in the military?' }, lazyScreen);
    expect(stateItem('step.military')).toHaveAttribute('aria-current', 'true');
    expect(stateItem('step.home')).not.toHaveAttribute('aria-current');
    expect(stateItem('reveals.military:ever-in-military.hidden')).toHaveAttribute('aria-current', 'true');
    expect(stateItem('reveals.military:ever-in-military.yes')).not.toHaveAttribute('aria-current');
    // Every reveal region is drawn, with its states.
    expect(stateItem('reveals.criminal:last-illegal-drug-use.date')).toBeInTheDocument();
    expect(within(stateItem('step.military')).getByText('step.next', { exact: false })).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('group', { name: 'Were you ever in the military?' })).getByRole('radio', { name: 'Yes' }));
    expect(stateItem('reveals.military:ever-in-military.yes')).toHaveAttribute('aria-current', 'true');
    expect(stateItem('reveals.military:ever-in-military.hidden')).not.toHaveAttribute('aria-current');
    expect(screen.getByTestId('inspector-step')).toHaveTextContent('military');

    const lists = within(panel()).getByRole('table', { name: 'Entries per list' });
    expect(within(lists).getByRole('row', { name: 'Emergency Contacts emergency-contacts 2' })).toBeInTheDocument();
    expect(within(lists).getByRole('row', { name: 'Military Service military-service 1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Add another/ }));
    expect(within(lists).getByRole('row', { name: 'Military Service military-service 2' })).toBeInTheDocument();
  });

  it('logs every event with its payload, the SSN and the signature image masked', async () => {
    openInspectedApp('/form/2/personal');
    await userEvent.type(await screen.findByRole('textbox', { name: /Social Security Number/ }, lazyScreen), '123-45-6789');
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Maria');
    act(() => controller.getState().app?.actor.send({ type: 'signature.drawn', image: pngDataUrl, at: '2025-01-02T03:04:05.000Z' }));

    const log = within(panel()).getByRole('region', { name: 'Event log entries' });
    expect(log).toHaveTextContent('answer.changed');
    expect(log).toHaveTextContent('"name":"first-name","value":"Maria"');
    expect(log).toHaveTextContent('"name":"ssn","value":"•••-••-••••"');
    expect(log).toHaveTextContent('signature.drawn');
    expect(log).toHaveTextContent('[signature image,');
    expect(log.textContent).not.toMatch(/123-?4|6789/);
    expect(log.textContent).not.toContain('iVBORw0KGgo');
    // The SSN is masked in the current-state summary and everywhere else in the panel too.
    expect(panel().textContent).not.toContain('6789');
  });

  it('lists the shortest path to every step (but the one reached by submitting) and to every reveal state', () => {
    const paths = generatedPaths();
    const stepTargets = paths.flatMap((path) => (path.target.kind === 'step' ? [path.target.step] : []));
    expect(stepTargets).toHaveLength(27);
    expect(stepTargets).not.toContain('finish');
    const revealTargets = paths.flatMap((path) => (path.target.kind === 'reveal' ? [`${path.target.region}=${path.target.state}`] : []));
    const regions = Object.entries((currentSnapshotOfNewActor().value as unknown as { reveals: Record<string, string> }).reveals);
    expect(revealTargets).toHaveLength(regions.length);
    expect(revealTargets).toContain('military:ever-in-military=yes');
    expect(revealTargets).toContain('license:endorsements=HazMat');
    const military = paths.find((path) => path.target.kind === 'step' && path.target.step === 'military');
    expect(military?.events).toEqual([{ type: 'route.changed', path: '/form/5/military' }]);

    // Each path's events, sent to a new actor, land where the path says.
    for (const path of paths) {
      const actor = createActor(applicationMachine).start();
      for (const event of path.events) actor.send(event);
      const snapshot = actor.getSnapshot();
      const { target } = path;
      if (target.kind === 'step') expect(selectPosition(snapshot), path.name).toBe(target.step);
      if (target.kind === 'reveal') {
        expect((snapshot.value as unknown as { reveals: Record<string, string> }).reveals[target.region], path.name).toBe(target.state);
        expect(selectPosition(snapshot), path.name).toBe(target.region.split(':')[0]);
      }
      if (target.kind === 'walk') expect(selectPosition(snapshot)).toBe('signature');
      expect(snapshot.value, path.name).toEqual(path.expectedValue);
    }
  });

  it('replays a generated path into the running app, which lands on the state the path names', async () => {
    const { controller: inspector } = openInspectedApp('/form/2/personal');
    await userEvent.type(await screen.findByRole('textbox', { name: 'First name' }, lazyScreen), 'Maria');
    const path = generatedPaths().find((candidate) => candidate.target.kind === 'reveal' && candidate.target.region === 'military:ever-in-military');
    if (!path) throw new Error('no generated path to the military reveal');

    await choosePath(path.name);
    await playToTheEnd();
    expect(screen.getByTestId('replay-status')).toHaveTextContent('Finished: the application is on the state this path names.');
    expect(await screen.findByRole('heading', { level: 1, name: 'Military Service' }, lazyScreen)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/form/5/military');
    expect(currentSnapshot().value).toEqual(path.expectedValue);
    expect(within(screen.getByRole('group', { name: 'Were you ever in the military?' })).getByRole('radio', { name: 'Yes' })).toBeChecked();
    // The replay started over: the earlier answer is gone.
    expect(currentSnapshot().context.answers.personal?.['first-name']).toBeUndefined();
    expect(stateItem('reveals.military:ever-in-military.yes')).toHaveAttribute('aria-current', 'true');
    expect(inspector.getState().replay.landed).toBe(true);
  });

  it('steps through a path one step at a time, and pauses and resumes a replay', async () => {
    openInspectedApp('/');
    await screen.findByRole('link', { name: 'Get started' });
    await choosePath(generatedPaths().find((path) => path.target.kind === 'step' && path.target.step === 'military')?.name ?? '');
    const step = within(panel()).getByRole('button', { name: 'Single step' });
    await userEvent.click(step);
    await waitFor(() => expect(screen.getByTestId('replay-status')).toHaveTextContent('Paused: step 1 of 2 done.'));
    expect(within(panel()).getByRole('list', { name: 'Steps of the chosen path' }).querySelector('[aria-current="step"]')).toHaveTextContent('Start over');
    await userEvent.click(step);
    await waitFor(() => expect(screen.getByTestId('replay-status')).toHaveTextContent(/^Finished: the application is on the state/));
    expect(await screen.findByRole('heading', { level: 1, name: 'Military Service' }, lazyScreen)).toBeInTheDocument();

    const walk = generatedPaths().find((path) => path.target.kind === 'walk');
    if (!walk) throw new Error('no walk');
    await choosePath(walk.name);
    await userEvent.click(within(panel()).getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(controller.getState().replay.done).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    await userEvent.click(within(panel()).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(screen.getByTestId('replay-status')).toHaveTextContent(/^Paused: step \d+ of 27 done\./));
    const pausedAt = controller.getState().replay.done;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(controller.getState().replay.done).toBe(pausedAt);
    // The walk goes through the step list in order: after n steps (Start over first) it is on the n-th entry.
    expect(selectPosition(currentSnapshot())).toBe(steps[pausedAt - 1]?.id);
    await playToTheEnd();
    expect(await screen.findByRole('heading', { level: 1, name: 'Signature' }, lazyScreen)).toBeInTheDocument();
    expect(controller.getState().replay.landed).toBe(true);
  }, 120_000);
});

function currentSnapshotOfNewActor(): ApplicationSnapshot {
  const actor = startApplicationActor('/');
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}

describe('recording, export and import', { timeout: inspectorTestTimeout }, () => {
  let downloads: { name: string; blob: Blob }[];

  beforeEach(() => {
    downloads = [];
    const blobs = new Map<string, Blob>();
    let next = 0;
    vi.stubGlobal('URL', Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${(next += 1)}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => {},
    }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.href);
      if (blob) downloads.push({ name: this.download, blob });
    });
  });

  it('exports the session as a JSON path that, imported into another session, replays to the same final state', async () => {
    const first = openInspectedApp('/');
    await userEvent.click(await screen.findByRole('link', { name: 'Get started' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'First name' }, lazyScreen), 'Maria');
    await userEvent.type(screen.getByRole('textbox', { name: /Social Security Number/ }), '123-45-6789');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(within(await screen.findByRole('group', { name: 'Were you referred by someone?' })).getByRole('radio', { name: 'Yes' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name of the person who referred you' }), 'Pat');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: /Add another/ }));
    const recorded = currentSnapshot();
    expect(selectPosition(recorded)).toBe('emergency');
    expect(screen.getByTestId('recording-status')).toHaveTextContent(/Recording this session: \d+ events since an empty application/);

    await userEvent.click(within(panel()).getByRole('button', { name: 'Export the recording (JSON)' }));
    expect(downloads).toHaveLength(1);
    const [download] = downloads;
    expect(download?.name).toMatch(/^recorded-session-.*\.json$/);
    const text = await download!.blob.text();
    expect(text).not.toContain('123-45-6789');
    expect(text).toContain(placeholderSsn);
    expect(JSON.parse(text)).toMatchObject({ format: 'driver-application-path', version: 1, name: 'Recorded session' });
    first.unmount();
    window.localStorage.clear();
    window.sessionStorage.clear();

    // Another session (a developer's), somewhere else in the app with other answers.
    openInspectedApp('/form/4/license');
    await userEvent.click(within(await screen.findByRole('group', { name: /commercial driver/ })).getByRole('radio', { name: 'Yes' }));
    await userEvent.upload(within(panel()).getByLabelText('Import a path (JSON file)'), new File([text], download!.name, { type: 'application/json' }));
    expect(await within(panel()).findByText(/Imported “Recorded session”/)).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Recorded session' })).toHaveAttribute('aria-pressed', 'true');
    await playToTheEnd();

    expect(screen.getByTestId('replay-status')).toHaveTextContent('Finished: the application is on the state this path names.');
    const replayed = currentSnapshot();
    expect(replayed.value).toEqual(recorded.value);
    const withoutSsn = (snapshot: ApplicationSnapshot) => ({
      ...snapshot.context,
      answers: { ...snapshot.context.answers, personal: { ...snapshot.context.answers.personal, ssn: undefined } },
    });
    expect(withoutSsn(replayed)).toEqual(withoutSsn(recorded));
    expect(replayed.context.answers.personal?.ssn).toBe(placeholderSsn);
    expect(await screen.findByRole('heading', { level: 1, name: 'Emergency Contacts' }, lazyScreen)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/form/3/emergency');
  }, 30_000);

  it('says what is wrong with a file that is not a path', async () => {
    openInspectedApp('/form/2/personal');
    const input = within(panel()).getByLabelText('Import a path (JSON file)');
    await userEvent.upload(input, new File(['{"format":"something-else"}'], 'bug.json', { type: 'application/json' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('The file is not a driver-application-path file.');
    const internal = { format: 'driver-application-path', version: 1, events: [{ type: 'application.completed' }], expectedValue: {} };
    await userEvent.upload(input, new File([JSON.stringify(internal)], 'bug.json', { type: 'application/json' }));
    await waitFor(() => expect(within(panel()).getByRole('alert')).toHaveTextContent('Event 1 is not an event a person sends'));
    expect(controller.getState().imported).toEqual([]);
  });

  it('a session resumed from saved answers records only after Start over', async () => {
    const first = openInspectedApp('/form/2/personal');
    await userEvent.type(await screen.findByRole('textbox', { name: 'First name' }, lazyScreen), 'Maria');
    first.unmount();

    openInspectedApp('/');
    expect(window.location.pathname).toBe('/form/2/personal');
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Maria');
    expect(screen.getByTestId('recording-status')).toHaveTextContent('This session began from saved answers');
    expect(within(panel()).getByRole('button', { name: 'Export the recording (JSON)' })).toBeDisabled();

    await userEvent.click(within(panel()).getByRole('button', { name: 'Start over and record' }));
    await waitFor(() => expect(screen.getByTestId('recording-status')).toHaveTextContent('Recording this session: 0 events'));
    expect(window.location.pathname).toBe('/');
    await userEvent.click(await screen.findByRole('link', { name: 'Get started' }));
    await waitFor(() => expect(screen.getByTestId('recording-status')).toHaveTextContent('Recording this session: 1 event since'));
    expect(controller.recordedPath()?.events).toEqual([{ type: 'route.changed', path: '/form/1/requirements' }]);
  });
});
