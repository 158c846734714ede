/**
 * Timing code that runs inside the page (through `page.evaluate`, which the page's
 * Content-Security-Policy does not apply to). Each function is self-contained: Playwright sends its
 * source to the page. "Painted" is taken as: the change is in the DOM, the next animation frame has
 * run (style, layout and paint follow it), and a message posted from that frame has been delivered,
 * which happens after the frame is produced.
 */

/** What the bench keeps on the page's window (typed here, not added to the app's Window type). */
interface BenchWindow {
  __benchTransition?: Promise<number>;
  __benchKeystrokes?: number[];
  __benchKeystrokeWaiters?: (() => void)[];
}

/**
 * Arms the measurement of one step transition: from the click (capturing listener, so before the
 * app's own handler) until the h1 shown reads `heading`, the step's content has replaced "Loading…", and
 * the frame showing it is painted. The result is `window.__benchTransition`.
 */
export function armTransition(heading: string): void {
  const bench = window as unknown as BenchWindow;
  bench.__benchTransition = new Promise<number>((resolve) => {
    let clickedAt: number | undefined;
    let settled = false;
    const shown = () =>
      [...document.querySelectorAll('h1')].find((h1) => h1.checkVisibility())?.textContent?.trim() === heading && ![...document.querySelectorAll('main .loading')].some((element) => element.checkVisibility());
    const observer = new MutationObserver(() => check());
    const check = () => {
      if (settled || clickedAt === undefined || !shown()) return;
      settled = true;
      observer.disconnect();
      const start = clickedAt;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - start);
        channel.port2.postMessage(null);
      });
    };
    const onClick = () => {
      clickedAt = performance.now();
      window.removeEventListener('click', onClick, true);
      queueMicrotask(check);
    };
    window.addEventListener('click', onClick, true);
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

export function transitionResult(): Promise<number> {
  const bench = window as unknown as BenchWindow;
  if (!bench.__benchTransition) throw new Error('No transition was armed.');
  return bench.__benchTransition;
}

/** From every keydown (capturing) to the frame after it painted; durations in `window.__benchKeystrokes`. */
export function installKeystrokeTimer(): void {
  const bench = window as unknown as BenchWindow;
  const durations: number[] = [];
  const waiters: (() => void)[] = [];
  bench.__benchKeystrokes = durations;
  bench.__benchKeystrokeWaiters = waiters;
  document.addEventListener(
    'keydown',
    () => {
      const start = performance.now();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          durations.push(performance.now() - start);
          for (const wake of waiters.splice(0)) wake();
        };
        channel.port2.postMessage(null);
      });
    },
    true,
  );
}

/** Resolves when `count` keystrokes have been measured. */
export function keystrokesMeasured(count: number): Promise<void> {
  const bench = window as unknown as BenchWindow;
  return new Promise((resolve) => {
    const check = () => {
      if ((bench.__benchKeystrokes?.length ?? 0) >= count) resolve();
      else bench.__benchKeystrokeWaiters?.push(check);
    };
    check();
  });
}

export function keystrokeDurations(): number[] {
  return (window as unknown as BenchWindow).__benchKeystrokes ?? [];
}
