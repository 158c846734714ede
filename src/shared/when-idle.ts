/** The longest `whenIdle` waits for the browser to be idle before running the work anyway. */
const idleTimeoutMs = 1000;

/**
 * Runs `work` when the browser is idle (after the frames it has to show), or after a task where
 * there is no `requestIdleCallback` (Safari, jsdom).
 */
export function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => work(), { timeout: idleTimeoutMs });
  else setTimeout(work, 0);
}
