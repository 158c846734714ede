import './storybook-setup.ts';
import { composeStories, type composeStory } from '@storybook/react-vite';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formSteps, noticeSteps } from '../../machines/steps.ts';
import { stepForms } from '../../machines/form/step-forms.ts';
import { carrier } from '../../src/shared/carrier.ts';
import { findModal } from '../../src/features/modals/modal-registry.ts';
import { APPLICATION_PARAMETER, readApplicationLocation } from '../../stories/support/application-story.tsx';
import { answerStates } from '../../stories/support/answer-story.tsx';
import { ANSWER_STORY_PARAMETER } from '../../stories/support/question-stories.tsx';

type StoryModule = Parameters<typeof composeStories>[0];
type ComposedStory = ReturnType<typeof composeStory>;

interface A11yReport {
  type: string;
  status: string;
  result: { violations?: Array<{ id: string; help: string; nodes: Array<{ target: unknown }> }>; error?: unknown };
}

/** A story may walk the whole step list before axe-core checks the page: more than Vitest's default 5 s. */
const storyTimeout = 30_000;

const modules = import.meta.glob<StoryModule>('../../stories/**/*.stories.{ts,tsx}', { eager: true });

const storyFiles = Object.entries(modules)
  .map(([path, module]) => ({
    file: path.replace('../../stories/', ''),
    // Story files are read as .storybook/main.ts reads them; the CSF default export is the meta.
    title: String(module.default?.title),
    stories: Object.entries(composeStories(module)) as Array<[string, ComposedStory]>,
  }))
  .sort((a, b) => a.file.localeCompare(b.file));

/** Stories of the whole application (a page at a location) and of the shared form components. */
const pageFiles = storyFiles.filter(({ file }) => !file.startsWith('components/'));
const componentFiles = storyFiles.filter(({ file }) => file.startsWith('components/'));

function expectHeldToWcag22aa(Story: ComposedStory): void {
  expect(Story.parameters.a11y, 'every story is held to WCAG 2.2 AA').toMatchObject({
    test: 'error',
    options: { runOnly: { type: 'tag', values: expect.arrayContaining(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']) } },
  });
}

function expectAxePassed(Story: ComposedStory): void {
  const a11yReports = (Story.reporting.reports as A11yReport[]).filter((report) => report.type === 'a11y');
  expect(a11yReports, 'axe-core ran after the story').toHaveLength(1);
  for (const report of a11yReports) expect(report.status, describeViolations(report)).toBe('passed');
}

function describeViolations(report: A11yReport): string {
  if (report.result.error) return String(report.result.error);
  return (report.result.violations ?? [])
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')})`)
    .join('\n');
}

describe('the story files', () => {
  it('are found, and each has stories', () => {
    expect(storyFiles.length).toBeGreaterThan(0);
    for (const { file, stories } of storyFiles) expect(stories.length, file).toBeGreaterThan(0);
  });

  it('cover the home page, requirements, Not Found, the form layout and the modals', () => {
    expect(storyFiles.map(({ file }) => file)).toEqual(
      expect.arrayContaining([
        'home.stories.tsx',
        'requirements.stories.tsx',
        'not-found.stories.tsx',
        'layout.stories.tsx',
        'modal.stories.tsx',
      ]),
    );
  });

  it('show the form layout on the first form step, a middle one, a consent page and the signature', () => {
    const layout = storyFiles.find(({ file }) => file === 'layout.stories.tsx');
    const paths = (layout?.stories ?? []).map(([, Story]) => readApplicationLocation(Story.parameters).path);
    expect(paths).toEqual(expect.arrayContaining(['/form/1/requirements', '/form/16/rights', '/form/25/signature']));
    const middle: string[] = formSteps.slice(2, -2).map((step) => step.route);
    expect(paths.some((path) => middle.includes(path))).toBe(true);
  });

  it('show every data step empty and fully revealed and filled', () => {
    const dataSteps = storyFiles.find(({ file }) => file === 'data-steps.stories.tsx');
    const variants = (dataSteps?.stories ?? []).map(([, Story]) => {
      const { step, variant } = (Story.parameters as { dataStep: { step: string; variant: string } }).dataStep;
      return `${step}:${variant}`;
    });
    expect(variants.sort()).toEqual(stepForms.flatMap((form) => [`${form.step}:empty`, `${form.step}:filled`]).sort());
  });

  it('show the confirmation (empty, filled, signed), every notice, and the Signature step (incomplete, complete)', () => {
    const signing = storyFiles.find(({ file }) => file === 'signing.stories.tsx');
    const names = (signing?.stories ?? []).map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['ConfirmationEmpty', 'ConfirmationFilled', 'ConfirmationSigned', 'SignatureIncomplete', 'SignatureComplete']));
    const notices = (signing?.stories ?? []).map(([, Story]) => (Story.parameters as { notice?: string }).notice).filter(Boolean);
    expect(notices.sort()).toEqual(noticeSteps.map((step) => step.id).sort());
  });

  it('open the application-submitted modal and an unknown one through navigation state', () => {
    const modal = storyFiles.find(({ file }) => file === 'modal.stories.tsx');
    const modalNames = (modal?.stories ?? []).map(([, Story]) => {
      const { state } = readApplicationLocation(Story.parameters);
      return (state as { modal?: unknown } | undefined)?.modal;
    });
    expect(modalNames).toContain('application-submitted');
    expect(modalNames.some((name) => typeof name === 'string' && findModal(name) === undefined)).toBe(true);
  });
});

describe.each(pageFiles)('$file ($title)', ({ stories }) => {
  it.each(stories)('%s', async (_name, Story) => {
    expect(Story.play, 'every story checks itself with a play function').toBeTypeOf('function');
    expect(readApplicationLocation(Story.parameters).path, `parameters.${APPLICATION_PARAMETER}`).toMatch(/^\//);
    expectHeldToWcag22aa(Story);

    // Renders the story, runs its play function, then the a11y addon's afterEach (axe-core, WCAG 2.2 AA).
    await Story.run();

    // What the story left on screen is a whole page of the application, named in the document title.
    const main = document.querySelector('main#main-content');
    expect(main).not.toBeNull();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).not.toBe('');
    expect(document.title).toBe(`${heading.textContent} – ${carrier.name}`);
    expectAxePassed(Story);
  }, storyTimeout);
});

describe('the shared form components', () => {
  it('have autodocs stories: field, yes/no question, select, list of entries, date and month inputs', () => {
    expect(componentFiles.map(({ file }) => file).sort()).toEqual(
      ['date-input', 'field', 'list-of-entries', 'month-input', 'select', 'yes-no-question'].map((name) => `components/${name}.stories.tsx`),
    );
    for (const { file, stories } of componentFiles) {
      expect(stories.map(([name]) => name), file).toEqual([...answerStates]);
      for (const [name, Story] of stories) {
        expect(Story.tags, `${file} ${name}`).toContain('autodocs');
        expect(Story.parameters[ANSWER_STORY_PARAMETER], `${file} ${name}`).toBe(name);
      }
    }
  });
});

describe.each(componentFiles)('$file ($title)', ({ stories }) => {
  it.each(stories)('%s', async (_name, Story) => {
    // The play function checks the state (value, error and its link, disabled, required); axe-core runs after it.
    expect(Story.play, 'every story checks itself with a play function').toBeTypeOf('function');
    expectHeldToWcag22aa(Story);
    await Story.run();
    expectAxePassed(Story);
  }, storyTimeout);
});
