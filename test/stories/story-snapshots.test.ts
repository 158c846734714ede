import './storybook-setup.ts';
import { composeStories, type composeStory } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { revealRegionsValue } from '../../machines/application-machine.ts';
import { APPLICATION_PARAMETER, readApplicationLocation, storySnapshot, type ApplicationLocation } from '../../stories/support/application-story.tsx';
import { fillSteps, sampleContext, signAndAcknowledge } from '../support/sample-answers.ts';

type StoryModule = Parameters<typeof composeStories>[0];
type ComposedStory = ReturnType<typeof composeStory>;

const modules = import.meta.glob<StoryModule>('../../stories/**/*.stories.{ts,tsx}', { eager: true });

/** Every story that opens the whole application, with where and in what state it opens it. */
const applicationStories = Object.entries(modules)
  .flatMap(([file, module]) =>
    (Object.entries(composeStories(module)) as Array<[string, ComposedStory]>)
      .filter(([, Story]) => APPLICATION_PARAMETER in Story.parameters)
      .map(([name, Story]) => ({ name: `${file.replace('../../stories/', '')} ${name}`, location: readApplicationLocation(Story.parameters) })),
  )
  .sort((a, b) => a.name.localeCompare(b.name));

/** The same application reached the way a person reaches it: answering, acknowledging, signing, then opening the path. */
function snapshotByEvents({ path, filled, acknowledged, signed }: ApplicationLocation) {
  const { actor } = signAndAcknowledge(fillSteps(filled ?? []), { acknowledged: acknowledged ?? false, signed: signed ?? false });
  actor.send({ type: 'route.changed', path });
  return actor.getSnapshot();
}

describe('story snapshots (machine.resolveState from data)', () => {
  it('are built for the stories that open the application, including filled, acknowledged and signed ones', () => {
    expect(applicationStories.length).toBeGreaterThan(40);
    expect(applicationStories.some(({ location }) => location.filled && location.acknowledged && location.signed)).toBe(true);
  });

  it.each(applicationStories)('$name: the same state value and context as the events reach', ({ location }) => {
    const resolved = storySnapshot(location);
    const reached = snapshotByEvents(location);
    expect(resolved.value).toEqual(reached.value);
    expect(resolved.context).toEqual(reached.context);
    expect(resolved.status).toBe('active');
  });

  it('open every reveal region of a completely answered application, and none of an empty one', () => {
    const complete = Object.values(revealRegionsValue(sampleContext().answers));
    expect(complete.length).toBeGreaterThan(20);
    expect(complete).not.toContain('hidden');
    expect(new Set(Object.values(revealRegionsValue(sampleContext({ filled: [] }).answers)))).toEqual(new Set(['hidden']));
  });

  it('are signed exactly when the context holds a signature', () => {
    expect(storySnapshot({ path: '/form/25/signature', signed: true }).matches({ signature: 'signed' })).toBe(true);
    expect(storySnapshot({ path: '/form/25/signature' }).matches({ signature: { unsigned: 'ready' } })).toBe(true);
  });
});
