/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { carrierFingerprint, resolveCarrierConfig } from './config/carrier-config.ts';

const carrier = resolveCarrierConfig();

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
  plugins: [react(), buildInfo()],
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
  },
});
