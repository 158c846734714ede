import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { chromiumFlags, requireChromium } from '../test/support/chromium.ts';

/** The system Chromium, headless, with the flags the browser suite uses. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: requireChromium(), headless: true, args: chromiumFlags });
}

/**
 * A fresh browser context (empty cache and storage). tsx compiles the bench with esbuild's keepNames,
 * which wraps named inner functions in `__name(...)`; the functions the bench sends to the page carry
 * those calls, so the page gets a `__name` that returns the function unchanged.
 */
export async function newBenchContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript('globalThis.__name ??= (fn) => fn;');
  return context;
}

/** Counts the page's requests in flight, so a measurement can wait until loading (and preloading) stops. */
export class NetworkTracker {
  private inFlight = 0;
  private lastChange = Date.now();

  constructor(page: Page) {
    page.on('request', () => this.change(1));
    page.on('requestfinished', () => this.change(-1));
    page.on('requestfailed', () => this.change(-1));
  }

  private change(delta: number): void {
    this.inFlight += delta;
    this.lastChange = Date.now();
  }

  /** Resolves once no request has started or ended for `quietMs` and none is in flight. */
  async quiet(quietMs = 500, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.inFlight > 0 || Date.now() - this.lastChange < quietMs) {
      if (Date.now() > deadline) throw new Error(`The network did not settle within ${timeoutMs} ms (${this.inFlight} requests in flight).`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The text of the page's h1 shown, once it is `heading` and the step's lazily loaded content has arrived. */
export async function waitForStep(page: Page, heading: string): Promise<void> {
  await page.waitForFunction(
    (expected) => [...document.querySelectorAll('h1')].find((h1) => h1.checkVisibility())?.textContent?.trim() === expected && ![...document.querySelectorAll('main .loading')].some((element) => element.checkVisibility()),
    heading,
    { timeout: 15_000 },
  );
}
