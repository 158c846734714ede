import { Worker } from 'node:worker_threads';
import { mailDestination, type MailMessage, type MailTransport, type MailTransportOptions, type SentMail } from './mail-transport.ts';

/**
 * The mail transport in a thread of its own: composing a message with nodemailer (MIME, encoding,
 * the attachment) costs about half a millisecond of CPU, which the request loop no longer pays
 * (docs/performance.md, "Submissions"). Same settings, same behaviour and errors as
 * `createMailTransport`; the settings are checked here, at once, so a bad SMTP_URL still stops the
 * server at start-up.
 */

export type ToMailThread = { type: 'send'; id: number; message: MailMessage } | { type: 'close' };
export type FromMailThread =
  | { type: 'sent'; id: number; sent: SentMail }
  | { type: 'failed'; id: number; message: string }
  | { type: 'log'; level: 'info' | 'warn'; text: string };

/**
 * The worker is TypeScript like the rest of the server: a small module registers the same loader as
 * `npm start` (tsx) and imports it (`--import` in a worker's execArgv is not applied on Node 20).
 */
const workerBootstrap = new URL(
  `data:text/javascript,${encodeURIComponent(
    `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};
register();
await import(${JSON.stringify(new URL('./mail-thread-worker.ts', import.meta.url).href)});`,
  )}`,
);

interface Pending {
  resolve(sent: SentMail): void;
  reject(error: Error): void;
}

export function createMailTransportInThread({ logger, ...settings }: MailTransportOptions): MailTransport {
  const destination = mailDestination(settings);
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let worker: Worker | undefined;
  let closed = false;

  const failAll = (error: Error) => {
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  };

  /** Started on the first message and again after a crash; idle (unref'd) while nothing is pending. */
  function thread(): Worker {
    if (worker) return worker;
    const started = new Worker(workerBootstrap, { workerData: settings });
    started.on('message', (message: FromMailThread) => {
      if (message.type === 'log') {
        logger[message.level](message.text);
        return;
      }
      const request = pending.get(message.id);
      if (!request) return;
      pending.delete(message.id);
      if (message.type === 'sent') request.resolve(message.sent);
      else request.reject(new Error(message.message));
      if (pending.size === 0) started.unref();
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      failAll(new Error(`The mail thread stopped (exit code ${code}).`));
    });
    worker = started;
    return started;
  }

  return {
    send(message) {
      if (closed) return Promise.reject(new Error('The mail transport is closed.'));
      const id = nextId++;
      const running = thread();
      running.ref();
      return new Promise<SentMail>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        running.postMessage({ type: 'send', id, message } satisfies ToMailThread);
      });
    },
    describe: () => destination.description,
    ...(destination.warning ? { warning: destination.warning } : {}),
    close() {
      closed = true;
      worker?.postMessage({ type: 'close' } satisfies ToMailThread);
    },
  };
}
