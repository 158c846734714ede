/// <reference types="vitest/config" />
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { carrierFingerprint, resolveCarrierConfig } from './config/carrier-config.ts';
import { loadNoticeHtml, noticesDir } from './config/notices.ts';

const carrier = resolveCarrierConfig();

/** `virtual:notices`: the legal notices as HTML, built from the carrier's Markdown files. */
function notices(): Plugin {
  const id = 'virtual:notices';
  const resolvedId = `\0${id}`;
  return {
    name: 'notices',
    resolveId: (source) => (source === id ? resolvedId : undefined),
    load(loadedId) {
      if (loadedId !== resolvedId) return undefined;
      const html = loadNoticeHtml(carrier);
      for (const file of Object.keys(html)) this.addWatchFile(`${noticesDir()}/${file}.md`);
      return `export const noticeHtml = ${JSON.stringify(html)};`;
    },
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The carrier's values in index.html (`%CARRIER_HIRING_PHONE%`), escaped as HTML text. */
function carrierHtml(): Plugin {
  return {
    name: 'carrier-html',
    transformIndexHtml: (html) => html.replaceAll('%CARRIER_HIRING_PHONE%', escapeHtml(carrier.hiringPhone)),
  };
}

/** Records which carrier configuration a build carries, so `npm start` can tell a stale build. */
function buildInfo(): Plugin {
  return {
    name: 'build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build-info.json',
        source: JSON.stringify({ carrier: carrierFingerprint(carrier), builtAt: new Date().toISOString() }),
      });
    },
  };
}

/**
 * Pre-renders the home page into `index.html`, so a first visit shows it before any script runs, and
 * keeps the empty shell as `app.html` for every other page (docs/performance.md). The page is rendered
 * by the application's own components (src/app/prerender-home.tsx), in a process of its own
 * (scripts/render-home-page.ts).
 */
function prerenderHome(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-home',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
      const rendered = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/render-home-page.ts', config.mode], {
        cwd: config.root,
        env: { ...process.env, NODE_ENV: 'production' },
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      });
      const { html, title } = JSON.parse(rendered) as { html: string; title: string };
      const root = '<div id="root"></div>';
      if (!shell.includes(root)) throw new Error(`prerender-home: index.html has no ${root}`);
      writeFileSync(join(outDir, 'app.html'), shell);
      // React hints the logo's preload inside the body, where it does nothing: the <img> fetches it anyway.
      const body = html.replace(/<link rel="preload"[^>]*>/g, '');
      writeFileSync(
        join(outDir, 'index.html'),
        shell.replace(root, `<div id="root">${body}</div>`).replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), buildInfo(), notices(), carrierHtml(), prerenderHome()],
  define: {
    __CARRIER__: JSON.stringify(carrier),
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['test/setup/vitest-setup.ts'],
    restoreMocks: true,
    // Shared 2-core machines: a whole-app render under load can take seconds; no test asserts on time.
    testTimeout: 20_000,
  },
});
