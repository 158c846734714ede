import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { carrierFingerprint, resolveCarrierConfig } from '../config/carrier-config.ts';

/** What the browser bundle is built from: any of them newer than the build means it is stale. */
const buildInputs = ['index.html', 'vite.config.ts', 'src', 'machines', 'config', 'public', 'scripts/render-home-page.ts'];

function newestModification(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestModification(join(path, entry))), stats.mtimeMs);
}

export function buildIsCurrent(root: string, distDir: string): { current: boolean; reason?: string } {
  const infoPath = join(distDir, 'build-info.json');
  if (!existsSync(join(distDir, 'index.html')) || !existsSync(infoPath)) return { current: false, reason: 'no build yet' };
  const info = JSON.parse(readFileSync(infoPath, 'utf8')) as { carrier?: string };
  if (info.carrier !== carrierFingerprint(resolveCarrierConfig())) {
    return { current: false, reason: 'the carrier configuration changed' };
  }
  const builtAt = statSync(infoPath).mtimeMs;
  const stale = buildInputs.map((input) => join(root, input)).find((input) => existsSync(input) && newestModification(input) > builtAt);
  return stale ? { current: false, reason: `${stale} changed since the last build` } : { current: true };
}

export async function buildIfNeeded(root: string, distDir: string): Promise<void> {
  const { current, reason } = buildIsCurrent(root, distDir);
  if (current) return;
  console.log(`Building the application (${reason})…`);
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
}
