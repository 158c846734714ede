import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { applicationMachine, selectPosition, selectProgress, type ApplicationEvent } from '../../machines/application-machine.ts';
import { stepIds, steps } from '../../machines/steps.ts';
import { specStepList, unknownPaths } from '../support/spec-route-table.ts';

function actorAt(index: number) {
  const actor = createActor(applicationMachine).start();
  for (let i = 0; i < index; i += 1) actor.send({ type: 'step.next' });
  return actor;
}

describe('the step list', () => {
  it('has the 28 entries of the spec, in order, with their routes, titles and headings', () => {
    expect(steps).toHaveLength(28);
    expect(steps.map(({ route, title, heading }) => ({ route, title, heading }))).toEqual(specStepList);
  });

  it('gives every entry a unique state name', () => {
    expect(new Set(stepIds).size).toBe(28);
  });
});

describe('the step region', () => {
  it('starts on the home page', () => {
    expect(selectPosition(createActor(applicationMachine).start().getSnapshot())).toBe('home');
  });

  it.each(steps.map((step, index) => [index, step.id] as const))('Next and Back from entry %i (%s) land on its neighbours', (index, id) => {
    const actor = actorAt(index);
    expect(selectPosition(actor.getSnapshot())).toBe(id);

    actor.send({ type: 'step.next' });
    expect(selectPosition(actor.getSnapshot())).toBe(stepIds[Math.min(index + 1, 27)]);

    const back = actorAt(index);
    back.send({ type: 'step.back' });
    expect(selectPosition(back.getSnapshot())).toBe(stepIds[Math.max(index - 1, 0)]);
  });

  it.each(steps.map((_, index) => index))('entry %i shows progress (position + 1) / 28', (index) => {
    expect(selectProgress(actorAt(index).getSnapshot())).toBeCloseTo(((index + 1) / 28) * 100, 10);
  });

  it('reaches the final entry, which points back to /, after 27 Nexts, and goes no further', () => {
    const actor = actorAt(27);
    expect(selectPosition(actor.getSnapshot())).toBe('finish');
    expect(selectProgress(actor.getSnapshot())).toBe(100);
    actor.send({ type: 'step.next' });
    expect(selectPosition(actor.getSnapshot())).toBe('finish');
  });
});

describe('route events', () => {
  it.each(specStepList.slice(0, 27).map((entry, index) => [entry.route, index] as const))(
    '%s jumps to its entry from anywhere else',
    (route, index) => {
      for (const start of [0, 5, 26, 27].filter((start) => steps[start]?.route !== route)) {
        const actor = actorAt(start);
        actor.send({ type: 'route.changed', path: route });
        expect(selectPosition(actor.getSnapshot())).toBe(stepIds[index]);
      }
    },
  );

  it('accepts a trailing slash, a query string and a fragment', () => {
    for (const path of ['/form/4/license/', '/form/4/license?x=1', '/form/4/license#top']) {
      const actor = actorAt(0);
      actor.send({ type: 'route.changed', path });
      expect(selectPosition(actor.getSnapshot())).toBe('license');
    }
  });

  it('keeps the final entry when the browser reports / (the same route)', () => {
    const actor = actorAt(27);
    actor.send({ type: 'route.changed', path: '/' });
    expect(selectPosition(actor.getSnapshot())).toBe('finish');
  });

  it.each(unknownPaths)('an unknown path %s is Not Found, where Next and Back do nothing', (path) => {
    const actor = actorAt(3);
    actor.send({ type: 'route.changed', path });
    expect(selectPosition(actor.getSnapshot())).toBe('notFound');
    expect(selectProgress(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.back' });
    expect(selectPosition(actor.getSnapshot())).toBe('notFound');
    actor.send({ type: 'route.changed', path: '/form/2/personal' });
    expect(selectPosition(actor.getSnapshot())).toBe('personal');
  });
});

describe('generated paths (xstate/graph)', () => {
  const events: ApplicationEvent[] = [
    { type: 'step.next' },
    { type: 'step.back' },
    { type: 'route.changed', path: '/nope' },
    { type: 'route.changed', path: '/form/25/signature' },
  ];
  const paths = getShortestPaths(applicationMachine, { events });

  it('reach every entry of the step list and Not Found', () => {
    const reached = new Set(paths.map((path) => selectPosition(path.state)));
    expect([...reached].sort()).toEqual([...stepIds, 'notFound'].sort());
  });

  it.each(paths.map((path) => [selectPosition(path.state), path] as const))('replaying the path to %s lands there', (position, path) => {
    const actor = createActor(applicationMachine).start();
    for (const step of path.steps) actor.send(step.event);
    expect(selectPosition(actor.getSnapshot())).toBe(position);
  });
});
