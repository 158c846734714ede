import { existsSync } from 'node:fs';

/**
 * The system Chromium every browser run drives (the Playwright suite and `npm run bench`):
 * Playwright's own browser downloads are not used.
 */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Headless, no sandbox (root in containers), and none of Chromium's own background traffic. */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Stops with a message saying how to get Chromium when there is none at `chromePath`. */
export function requireChromium(): string {
  if (!existsSync(chromePath)) {
    throw new Error(
      `Chromium not found at ${chromePath}: install it with \`apt-get install -y chromium\` (Debian) or set CHROME_PATH to a Chromium or Chrome executable.`,
    );
  }
  return chromePath;
}
