import { StrictMode, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { selectPosition } from '../../machines/application-machine.ts';
import { useUrlSync } from '../../src/app/use-url-sync.ts';
import { ApplicationProvider } from '../../src/shared/application-context.tsx';
import { startApplicationActor, type ApplicationActor } from '../../src/shared/application-actor.ts';

function renderUrlSync(initialPath: string, actorPath: string, strict: boolean) {
  const actor: ApplicationActor = startApplicationActor(actorPath);
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [initialPath] });
    const tree = (
      <ApplicationProvider actor={actor}>
        <RouterProvider router={router} />
      </ApplicationProvider>
    );
    return strict ? <StrictMode>{tree}</StrictMode> : tree;
  };
  const hook = renderHook(
    () => {
      useUrlSync();
      return useLocation().pathname;
    },
    { wrapper },
  );
  return { actor, hook, router: () => router as NonNullable<typeof router> };
}

describe.each([
  ['in StrictMode', true],
  ['outside StrictMode', false],
])('useUrlSync %s', (_, strict) => {
  it('takes a deep link as input: the machine moves to the URL, the URL stays', () => {
    const { actor, hook } = renderUrlSync('/form/7/training', '/', strict);
    expect(selectPosition(actor.getSnapshot())).toBe('training');
    expect(hook.result.current).toBe('/form/7/training');
  });

  it('projects a machine move onto the URL as a new history entry', () => {
    const { actor, hook, router } = renderUrlSync('/form/7/training', '/form/7/training', strict);
    act(() => actor.send({ type: 'step.next' }));
    expect(hook.result.current).toBe('/form/8/education');
    act(() => actor.send({ type: 'step.back' }));
    act(() => actor.send({ type: 'step.back' }));
    expect(hook.result.current).toBe('/form/6/employed');
    expect(router().state.historyAction).toBe('PUSH');
  });

  it('feeds a history pop back into the machine', async () => {
    const { actor, hook, router } = renderUrlSync('/form/1/requirements', '/form/1/requirements', strict);
    act(() => actor.send({ type: 'step.next' }));
    expect(hook.result.current).toBe('/form/2/personal');
    await act(() => router().navigate(-1));
    expect(hook.result.current).toBe('/form/1/requirements');
    expect(selectPosition(actor.getSnapshot())).toBe('requirements');
  });

  it('leaves an unknown URL alone and puts the machine on Not Found', () => {
    const { actor, hook } = renderUrlSync('/form/99/nothing', '/form/3/general', strict);
    expect(selectPosition(actor.getSnapshot())).toBe('notFound');
    expect(hook.result.current).toBe('/form/99/nothing');
  });

  it('keeps the final entry on / when it navigates there', () => {
    const { actor, hook } = renderUrlSync('/form/25/signature', '/form/25/signature', strict);
    act(() => actor.send({ type: 'step.next' }));
    expect(hook.result.current).toBe('/');
    expect(selectPosition(actor.getSnapshot())).toBe('finish');
  });
});
