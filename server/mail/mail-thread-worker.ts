import { parentPort, workerData } from 'node:worker_threads';
import { createMailTransport, type MailMessage, type MailTransportOptions } from './mail-transport.ts';
import type { FromMailThread, ToMailThread } from './mail-thread.ts';

/** The mail thread: composes and sends (or writes to the outbox) each message it is given. */

const port = parentPort;
if (!port) throw new Error('mail-thread-worker.ts runs as a worker thread (see mail-thread.ts).');
const post = (message: FromMailThread) => port.postMessage(message);

const settings = workerData as Omit<MailTransportOptions, 'logger'>;
const transport = createMailTransport({
  ...settings,
  logger: { info: (text) => post({ type: 'log', level: 'info', text }), warn: (text) => post({ type: 'log', level: 'warn', text }) },
});

/** Attachments arrive as Uint8Array (a Buffer does not survive the copy between threads as a Buffer). */
function withBuffers(message: MailMessage): MailMessage {
  if (!message.attachments) return message;
  return {
    ...message,
    attachments: message.attachments.map((attachment) => {
      const content: unknown = attachment.content;
      return content instanceof Uint8Array && !Buffer.isBuffer(content)
        ? { ...attachment, content: Buffer.from(content.buffer, content.byteOffset, content.byteLength) }
        : attachment;
    }),
  };
}

port.on('message', (request: ToMailThread) => {
  if (request.type === 'close') {
    transport.close();
    port.close();
    return;
  }
  transport.send(withBuffers(request.message)).then(
    (sent) => post({ type: 'sent', id: request.id, sent }),
    (error: unknown) => post({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) }),
  );
});
