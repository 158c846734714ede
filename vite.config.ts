/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { carrierFingerprint, resolveCarrierConfig } from './config/carrier-config.ts';
import { loadNoticeHtml, noticesDir } from './config/notices.ts';
import { escapeHtml, precompressAssets, prerenderPages } from './config/page-plugins.ts';

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

export default defineConfig({
  plugins: [react(), buildInfo(), notices(), carrierHtml(), prerenderPages(), precompressAssets()],
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
