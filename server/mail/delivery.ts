/**
 * Delivery of one email with retries, its state recorded as it goes (decision 24: a failed email
 * never fails or loses the submission). The application is stored before this runs; this only
 * sends and records, and it never throws.
 */

export type DeliveryState = 'pending' | 'sent' | 'failed';

export interface DeliveryRecord {
  state: DeliveryState;
  /** Attempts made so far. */
  attempts: number;
  /** The last attempt's error message, while pending after a failure and when failed. */
  error?: string;
}

export interface DeliveryOptions {
  /** Sends the message once; a rejection is a failed attempt. */
  send: () => Promise<unknown>;
  /** Stores the state (for example the application's `copy_state`, `copy_attempts`, `copy_last_error`). */
  record: (state: DeliveryRecord) => Promise<void>;
  /** Attempts in all, at least 1 (default 5). */
  attempts?: number;
  /** The wait before the second attempt; it doubles for each further one (default 1000 ms). */
  baseDelayMs?: number;
  /** The longest wait between two attempts (default 60 000 ms). */
  maxDelayMs?: number;
  /** Waits `ms` milliseconds; injectable so that tests run instantly. */
  sleep?: (ms: number) => Promise<void>;
  /** A number in [0, 1) for the jitter; injectable for tests (default `Math.random`). */
  random?: () => number;
  /** Told about errors of `record` (and of `sleep`), which never stop the delivery. Default: `console.error`. */
  onError?: (error: unknown) => void;
}

/** The share of a delay taken off at random, so that retries of several messages spread out. */
const jitterShare = 0.1;
const maxErrorLength = 1000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const defaultOnError = (error: unknown) => console.error(`Mail delivery: ${errorMessage(error)}`);

/**
 * The wait after failed attempt `attempt` (1-based): base, 2 × base, 4 × base, …, at most
 * `maxDelayMs`, less a random jitter of up to 10 %.
 */
export function retryDelay(attempt: number, baseDelayMs: number, maxDelayMs: number, random: () => number = Math.random): number {
  const nominal = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
  return Math.round(nominal * (1 - jitterShare * random()));
}

/**
 * Records `pending` (0 attempts), then tries `send` up to `attempts` times with exponential
 * back-off. After each failed attempt but the last it records `pending` with the attempts so far
 * and the error, so a restart can tell how far it got. Ends by recording `sent` with the attempts
 * it took, or `failed` with the last error, and resolves with that final record.
 */
export async function deliverWithRetry({
  send,
  record,
  attempts = 5,
  baseDelayMs = 1000,
  maxDelayMs = 60_000,
  sleep = defaultSleep,
  random = Math.random,
  onError = defaultOnError,
}: DeliveryOptions): Promise<DeliveryRecord> {
  const total = Math.max(1, Math.floor(attempts) || 1);
  const report = (error: unknown) => {
    try {
      onError(error);
    } catch {
      // The error reporter itself failed: nothing is left to tell.
    }
  };
  const save = async (state: DeliveryRecord) => {
    try {
      await record(state);
    } catch (error) {
      report(error);
    }
  };

  await save({ state: 'pending', attempts: 0 });
  let lastError = '';
  for (let attempt = 1; attempt <= total; attempt++) {
    try {
      await send();
      const sent: DeliveryRecord = { state: 'sent', attempts: attempt };
      await save(sent);
      return sent;
    } catch (error) {
      lastError = errorMessage(error);
    }
    if (attempt === total) break;
    await save({ state: 'pending', attempts: attempt, error: lastError });
    try {
      await sleep(retryDelay(attempt, baseDelayMs, maxDelayMs, random));
    } catch (error) {
      report(error);
    }
  }
  const failed: DeliveryRecord = { state: 'failed', attempts: total, error: lastError };
  await save(failed);
  return failed;
}

function errorMessage(error: unknown): string {
  let message: string;
  try {
    message = error instanceof Error ? String(error.message) : String(error);
  } catch {
    message = '';
  }
  return (message || 'Unknown error').slice(0, maxErrorLength);
}
