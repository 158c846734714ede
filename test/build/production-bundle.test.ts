// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { getStep } from '../../machines/steps.ts';
import { resolveCarrierConfig } from '../../config/carrier-config.ts';

/**
 * Neither inspector may reach the production bundle (issue 7): the app's build is made here, into a
 * folder of its own, and every file it emits is searched for what the inspectors would bring along.
 * A preview build is made too, and must contain them: so the search looks for the right things.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Strings that survive minification: the panel's name and class names, the path file format, Stately's inspector. */
const survivingMarkers = ['Machine inspector', 'machine-inspector', 'driver-application-path', 'stately.ai/inspect', '@statelyai.connected'];
/** Names as written in the sources (found in an unminified or source-mapped file). */
const sourceMarkers = ['@statelyai/inspect', 'createBrowserInspector', 'startDevTools', 'features/inspector/'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

interface Build {
  readonly dir: string;
  readonly files: string[];
  /** Every emitted file but the source maps, as text. */
  readonly code: Map<string, string>;
  /** The modules the source maps say the bundle was made from. */
  readonly sources: string[];
}

/** Builds as `vite build` (`--mode preview`) does from a shell: Vitest's NODE_ENV=test would make it a development build. */
async function buildInto(mode: 'production' | 'preview'): Promise<Build> {
  const dir = mkdtempSync(join(tmpdir(), `driver-application-${mode}-build-`));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, mode, logLevel: 'silent', build: { outDir: dir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const files = filesUnder(dir);
  const code = new Map(files.filter((file) => !/\.(map|br|gz)$/.test(file)).map((file) => [relative(dir, file), readFileSync(file, 'utf8')]));
  const sources = files
    .filter((file) => file.endsWith('.map'))
    .flatMap((file) => (JSON.parse(readFileSync(file, 'utf8')) as { sources: string[] }).sources);
  return { dir, files, code, sources };
}

function filesContaining(built: Build, marker: string): string[] {
  return [...built.code].filter(([, text]) => text.includes(marker)).map(([file]) => file);
}

let production: Build;
let preview: Build;

beforeAll(async () => {
  production = await buildInto('production');
  preview = await buildInto('preview');
}, 240_000);

afterAll(() => {
  for (const built of [production, preview]) if (built) rmSync(built.dir, { recursive: true, force: true });
});

describe('the production bundle', () => {
  it('was built (the app is there)', () => {
    expect(production.code.has('index.html')).toBe(true);
    expect([...production.code.keys()].some((file) => file.startsWith('assets/') && file.endsWith('.js'))).toBe(true);
  });

  it.each([...survivingMarkers, ...sourceMarkers])('contains no emitted file with "%s"', (marker) => {
    expect(filesContaining(production, marker)).toEqual([]);
  });

  it('is made from no module of the inspectors, nor @statelyai/inspect, nor xstate/graph', () => {
    const fromInspectors = production.sources.filter((source) => /features\/inspector\/|@statelyai\/inspect|xstate\/dist\/xstate-graph|graph\/dist/.test(source));
    expect(production.sources.length).toBeGreaterThan(0);
    expect(fromInspectors).toEqual([]);
    expect(production.files.filter((file) => /dev-tools|inspect/i.test(relative(production.dir, file)))).toEqual([]);
  });
});

describe('the preview bundle (the check above looks for the right things)', () => {
  it.each(survivingMarkers)('has "%s"', (marker) => {
    expect(filesContaining(preview, marker).length).toBeGreaterThan(0);
  });

  it('is made from the inspectors’ modules and @statelyai/inspect', () => {
    expect(preview.sources.some((source) => source.includes('features/inspector/dev-tools.tsx'))).toBe(true);
    expect(preview.sources.some((source) => source.includes('@statelyai/inspect'))).toBe(true);
  });
});

/** The scripts a page's HTML loads before any of them runs: module scripts and module preloads. */
function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script type="module"[^>]* src="\/([^"]+)"|<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)].map(
    (match) => (match[1] ?? match[2])!,
  );
}

/** A module and every module it imports statically, as the browser fetches them before running it. */
function withStaticImports(built: Build, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = built.code.get(file) ?? '';
  for (const match of text.matchAll(/(?:^|[;\n}])import\s*(?:[\w${},*\s]+from\s*)?["']\.\/([^"']+)["']/g)) {
    withStaticImports(built, `assets/${match[1]}`, seen);
  }
  return seen;
}

describe('the first visit (issue 8)', () => {
  const home = () => production.code.get('index.html')!;
  const shell = () => production.code.get('app.html')!;

  it('index.html carries the home page as HTML, readable before any script runs', () => {
    const carrier = resolveCarrierConfig();
    expect(home()).toContain(`<h1 class="page-heading" tabindex="-1">${getStep('home').heading}</h1>`);
    expect(home()).toMatch(new RegExp(`<a [^>]*href="${getStep('requirements').route}"[^>]*>Get started`));
    expect(home()).toContain('is an equal opportunity employer');
    expect(home()).toContain(`<title>${getStep('home').heading} – ${carrier.name}</title>`);
  });

  it('app.html, for every other page, is the same document with an empty root that fetches the application at once', () => {
    expect(shell()).toContain('<div id="root"></div>');
    expect(shell()).not.toContain('page-heading');
    const boot = scriptsOf(home());
    expect(boot).toHaveLength(1);
    const shellScripts = scriptsOf(shell());
    expect(shellScripts[0]).toBe(boot[0]);
    expect(shellScripts.some((file) => /start-application-[\w-]+\.js$/.test(file))).toBe(true);
  });

  it('index.html asks the browser to prefetch the application when idle, the same files app.html preloads', () => {
    const prefetched = [...home().matchAll(/<link rel="prefetch"[^>]* href="\/([^"]+)"/g)].map((match) => match[1]);
    expect(prefetched.length).toBeGreaterThan(0);
    expect(prefetched).toEqual(scriptsOf(shell()).slice(1));
  });

  it('stores a Brotli and a gzip copy of every script, style sheet and page', () => {
    const compressible = [...production.code.keys()].filter((file) => /\.(js|css|html)$/.test(file));
    expect(compressible.length).toBeGreaterThan(3);
    for (const file of compressible) {
      expect(production.files).toContain(join(production.dir, `${file}.br`));
      expect(production.files).toContain(join(production.dir, `${file}.gz`));
    }
  });

  it('loads only the boot module before the page is shown: no React, no machine, at most 100 KB gzip', () => {
    const entries = scriptsOf(home());
    expect(entries.length).toBeGreaterThan(0);
    const loaded = new Set(entries.flatMap((entry) => [...withStaticImports(production, entry)]));
    const bytes = [...loaded].reduce((sum, file) => sum + gzipSync(production.code.get(file) ?? '').length, 0);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(100 * 1024);
    const code = [...loaded].map((file) => production.code.get(file)).join('\n');
    expect(code).not.toContain('react-dom');
    expect(code).not.toMatch(/__reactContainer|createRoot/);
    expect(code).toContain('start-application');
  });
});
