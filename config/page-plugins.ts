import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * How the built pages are shaped for a first visit on a phone (docs/performance.md): the home page
 * pre-rendered into `index.html` with the application prefetched when the browser is idle; every
 * other page the empty shell `app.html`, which fetches the application in parallel with the boot
 * module; every asset stored compressed so the server never compresses them per request.
 */

const rootElement = '<div id="root"></div>';
/** The module the boot module imports to start the application (src/main.ts). */
const applicationModule = 'src/app/start-application.tsx';

export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The application's chunk and every chunk it imports statically (but the boot module's): what starting it needs. */
function applicationChunks(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(applicationModule));
  if (!entry) throw new Error(`page-plugins: no chunk for ${applicationModule}`);
  const needed = new Set<string>();
  const visit = (fileName: string) => {
    if (needed.has(fileName)) return;
    needed.add(fileName);
    chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(visit);
  };
  visit(entry.fileName);
  const boot = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  return [...needed].filter((fileName) => !boot.has(fileName));
}

function linkTags(rel: 'prefetch' | 'modulepreload', files: readonly string[], base: string): string {
  return files.map((file) => `    <link rel="${rel}" crossorigin href="${base}${file}"${rel === 'prefetch' ? ' as="script"' : ''}>\n`).join('');
}

/**
 * Pre-renders the home page into `index.html` (readable before any script runs) and writes the empty
 * shell as `app.html`. The page is rendered by the application's own components
 * (src/app/prerender-home.tsx) in a process of its own (scripts/render-home-page.ts), so React is
 * loaded once, in production mode, whatever the building process has loaded.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  let chunks: string[] = [];
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      if (!config.build.ssr) chunks = applicationChunks(bundle);
    },
    closeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
      if (!shell.includes(rootElement)) throw new Error(`prerender-pages: index.html has no ${rootElement}`);
      const rendered = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/render-home-page.ts', config.mode], {
        cwd: config.root,
        env: { ...process.env, NODE_ENV: 'production' },
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      });
      const { html, title } = JSON.parse(rendered) as { html: string; title: string };
      // React hints the logo's preload inside the body, where it does nothing: the <img> fetches it anyway.
      const body = html.replace(/<link rel="preload"[^>]*>/g, '');
      const withLinks = (rel: 'prefetch' | 'modulepreload') => shell.replace('  </head>', `${linkTags(rel, chunks, config.base)}  </head>`);
      writeFileSync(join(outDir, 'app.html'), withLinks('modulepreload'));
      writeFileSync(
        join(outDir, 'index.html'),
        withLinks('prefetch')
          .replace(rootElement, `<div id="root">${body}</div>`)
          .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`),
      );
    },
  };
}

const compressible = /\.(js|css|svg|json|html)$/;

/** Writes `.br` and `.gz` beside every compressible file of the build, served by @fastify/static's `preCompressed`. */
export function precompressAssets(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'precompress-assets',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      handler() {
        if (config.build.ssr) return;
        const outDir = resolve(config.root, config.build.outDir);
        const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => compressible.test(file));
        for (const file of files) {
          const content = readFileSync(join(outDir, file));
          writeFileSync(join(outDir, `${file}.br`), brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(join(outDir, `${file}.gz`), gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}
