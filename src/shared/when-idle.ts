/** The longest `whenIdle` waits for the browser to be idle before running the work anyway. */
const idleTimeoutMs = 1000;

/**
 * Runs `work` when the browser is idle (after the frames it has to show), or after a task where
 * there is no `requestIdleCallback` (Safari, jsdom). Returns what cancels it.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => work(), { timeout: idleTimeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
}
