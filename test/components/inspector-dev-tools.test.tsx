import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AnyEventObject, InspectionEvent, MachineContext } from 'xstate';
import { selectPosition } from '../../machines/application-machine.ts';
import { ApplicationRoot } from '../../src/app/application-root.tsx';
import { startApplicationActor } from '../../src/shared/application-actor.ts';
import { createDraftStorage } from '../../src/shared/draft/draft-storage.ts';
import { inspectorModeOf, startDevTools, type DevTools } from '../../src/features/inspector/dev-tools.tsx';

/**
 * How `src/app/start-application.tsx` starts the inspectors in development and preview builds. Stately's hosted
 * inspector opens stately.ai in a new window and needs the internet: here its factory is replaced, and
 * the tests check that it is called and wired to the application actor, never that it opens.
 */

const hosted = vi.hoisted(() => ({
  received: [] as InspectionEvent[],
  options: [] as { sanitizeEvent?: (event: AnyEventObject) => AnyEventObject; sanitizeContext?: (context: MachineContext) => MachineContext }[],
}));

vi.mock('@statelyai/inspect', () => ({
  createBrowserInspector: vi.fn((options: (typeof hosted.options)[number]) => {
    hosted.options.push(options);
    return {
      inspect: { next: (event: InspectionEvent) => hosted.received.push(event) },
      start: vi.fn(),
      stop: vi.fn(),
    };
  }),
}));

const { createBrowserInspector } = await import('@statelyai/inspect');

let devTools: DevTools | undefined;

async function start(search: string): Promise<DevTools> {
  await act(async () => {
    devTools = await startDevTools(search);
  });
  return devTools!;
}

beforeEach(() => {
  hosted.received.length = 0;
  hosted.options.length = 0;
  vi.mocked(createBrowserInspector).mockClear();
});

afterEach(() => {
  act(() => devTools?.dispose());
  devTools = undefined;
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

function actorsAnnounced(): string[] {
  return hosted.received.flatMap((event) => (event.type === '@xstate.actor' ? [event.actorRef.sessionId] : []));
}

describe('the inspectors of development and preview builds', () => {
  it('reads the mode from the URL: ?inspect is the hosted inspector, ?inspect=local the offline panel', () => {
    expect(inspectorModeOf('')).toBe('none');
    expect(inspectorModeOf('?inspect')).toBe('hosted');
    expect(inspectorModeOf('?inspect=')).toBe('hosted');
    expect(inspectorModeOf('?inspect=local')).toBe('local');
    expect(inspectorModeOf('?lang=en&inspect=local')).toBe('local');
  });

  it('?inspect creates the browser inspector, attached when the application actor is created', async () => {
    const tools = await start('?inspect');
    expect(createBrowserInspector).toHaveBeenCalledTimes(1);
    expect(tools.mode).toBe('hosted');
    expect(screen.queryByRole('complementary', { name: 'Machine inspector' })).not.toBeInTheDocument();

    const actor = startApplicationActor('/form/2/personal', { inspect: tools.inspect });
    expect(selectPosition(actor.getSnapshot())).toBe('personal');
    // Attached at creation: the actor is announced first, then every event it receives.
    expect(hosted.received[0]?.type).toBe('@xstate.actor');
    expect(hosted.received[0]?.actorRef).toBe(actor);
    const eventsTo = (target: unknown) =>
      hosted.received.flatMap((event) => (event.type === '@xstate.event' && event.actorRef === target ? [event.event] : []));
    expect(eventsTo(actor)).toContainEqual({ type: 'route.changed', path: '/form/2/personal' });
    actor.send({ type: 'answer.changed', step: 'personal', name: 'first-name', value: 'Maria' });
    expect(eventsTo(actor).at(-1)).toEqual({ type: 'answer.changed', step: 'personal', name: 'first-name', value: 'Maria' });
    expect(hosted.received.at(-1)?.type).toBe('@xstate.snapshot');

    // What it sends to stately.ai has the SSN and the signature image masked.
    const [options] = hosted.options;
    const ssn = { type: 'answer.changed', step: 'personal', name: 'ssn', value: '123-45-6789' };
    expect(options?.sanitizeEvent?.(ssn)).toEqual({ ...ssn, value: '•••-••-••••' });
    const drawn = options?.sanitizeEvent?.({ type: 'signature.drawn', image: 'data:image/png;base64,AAAA', at: '2025-01-01T00:00:00.000Z' });
    expect(JSON.stringify(drawn)).not.toContain('AAAA');
    const context = options?.sanitizeContext?.({ answers: { personal: { ssn: '123-45-6789', 'first-name': 'Maria' } }, signature: { method: 'drawn', image: 'data:image/png;base64,AAAA' } });
    expect(JSON.stringify(context)).not.toMatch(/6789|AAAA/);
    expect(JSON.stringify(context)).toContain('Maria');
  });

  it('?inspect follows the application actor when the app replaces it (Start over)', async () => {
    const tools = await start('?inspect');
    window.history.replaceState(null, '', '/form/2/personal');
    const actor = startApplicationActor('/form/2/personal', { inspect: tools.inspect });
    const storage = createDraftStorage(window.localStorage, window.sessionStorage);
    render(
      <StrictMode>
        <ApplicationRoot initialActor={actor} storage={storage} onActorChange={tools.follow} />
      </StrictMode>,
    );
    await screen.findByRole('textbox', { name: 'First name' }, { timeout: 10_000 });
    expect(actorsAnnounced()).toEqual([actor.sessionId]);

    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /Yes, delete everything/ }));
    expect(await screen.findByRole('link', { name: 'Get started' })).toBeInTheDocument();
    const announced = actorsAnnounced();
    expect(announced).toHaveLength(2);
    const replacement = announced[1];
    expect(replacement).not.toBe(actor.sessionId);
    await userEvent.click(screen.getByRole('link', { name: 'Get started' }));
    const sent = hosted.received.flatMap((event) => (event.type === '@xstate.event' ? [{ to: event.actorRef.sessionId, event: event.event }] : []));
    expect(sent).toContainEqual({ to: replacement, event: { type: 'route.changed', path: '/form/1/requirements' } });
  });

  it('?inspect announces an actor attached at creation once: following it adds nothing', async () => {
    const tools = await start('?inspect');
    const actor = startApplicationActor('/form/3/general', { inspect: tools.inspect, snapshot: startApplicationActor('/form/3/general').getSnapshot() });
    tools.follow({ actor, navigate: () => {}, currentPath: () => '/form/3/general', startOver: () => {} });
    expect(actorsAnnounced()).toEqual([actor.sessionId]);
  });

  it('?inspect=local opens the offline panel and never loads the hosted inspector', async () => {
    const tools = await start('?inspect=local');
    expect(tools.mode).toBe('local');
    expect(tools.inspect).toBeUndefined();
    expect(createBrowserInspector).not.toHaveBeenCalled();
    expect(screen.getByRole('complementary', { name: 'Machine inspector' })).toBeInTheDocument();
  });

  it('without ?inspect the panel is closed until Alt+Shift+I, which opens it and, pressed in it, closes it', async () => {
    const tools = await start('');
    expect(createBrowserInspector).not.toHaveBeenCalled();
    expect(screen.queryByRole('complementary', { name: 'Machine inspector' })).not.toBeInTheDocument();
    const actor = startApplicationActor('/form/2/personal');
    window.history.replaceState(null, '', '/form/2/personal');
    render(<ApplicationRoot initialActor={actor} storage={createDraftStorage(window.localStorage, window.sessionStorage)} onActorChange={tools.follow} />);
    const firstName = await screen.findByRole('textbox', { name: 'First name' }, { timeout: 10_000 });
    firstName.focus();

    await userEvent.keyboard('{Alt>}{Shift>}I{/Shift}{/Alt}');
    const panel = screen.getByRole('complementary', { name: 'Machine inspector' });
    expect(within(panel).getByRole('heading', { level: 2, name: 'Machine inspector' })).toHaveFocus();
    expect(within(panel).getByTestId('inspector-step')).toHaveTextContent('personal');

    // With focus back on the page, the shortcut takes focus to the panel; in the panel, it closes it.
    firstName.focus();
    await userEvent.keyboard('{Alt>}{Shift>}I{/Shift}{/Alt}');
    expect(within(panel).getByRole('heading', { level: 2, name: 'Machine inspector' })).toHaveFocus();
    await userEvent.keyboard('{Alt>}{Shift>}I{/Shift}{/Alt}');
    expect(screen.queryByRole('complementary', { name: 'Machine inspector' })).not.toBeInTheDocument();
    expect(firstName).toHaveFocus();
  });
});
