// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveCarrierConfig, type CarrierConfig } from '../../config/carrier-config.ts';
import { applicantCopyMessage } from '../../server/mail/applicant-copy.ts';
import { deliverWithRetry, retryDelay, type DeliveryRecord } from '../../server/mail/delivery.ts';
import { createMailTransportInThread } from '../../server/mail/mail-thread.ts';
import { createMailTransport, MailConfigError, type MailTransport } from '../../server/mail/mail-transport.ts';

/** The default (fictional) carrier of config/carrier.json. */
const carrier: CarrierConfig = resolveCarrierConfig({});
const reference = 'BRF-7Q4K2M9X';
const applicant = 'pat.driver@example.com';
const pdf = new TextEncoder().encode('%PDF-1.7 test');
const submittedAt = new Date('2026-11-21T09:30:00.000Z');
/** A full SSN with or without dashes; the body must hold none. */
const fullSsn = /\b\d{3}-?\d{2}-?\d{4}\b/;

function copy(overrides: Partial<Parameters<typeof applicantCopyMessage>[0]> = {}) {
  return applicantCopyMessage({ to: applicant, reference, carrier, pdf, submittedAt, timeZone: 'UTC', ...overrides });
}

function silentLogger() {
  return { info: vi.fn<(message: string) => void>(), warn: vi.fn<(message: string) => void>() };
}

// A minimal MIME reader for the raw message: enough to find the parts nodemailer writes and decode them.
interface MimePart {
  headers: string;
  body: string;
  parts: MimePart[];
}

function parseMime(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const headers = (split < 0 ? raw : raw.slice(0, split)).replace(/\r\n(?=[ \t])/g, '');
  const body = split < 0 ? '' : raw.slice(split + 4);
  const boundary = /^content-type:\s*multipart\/[^\r\n]*boundary="?([^";\r\n]+)"?/im.exec(headers)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((chunk) => parseMime(chunk.replace(/^\r\n/, '').replace(/\r\n$/, '')))
    : [];
  return { headers, body, parts };
}

function header(part: MimePart, name: string): string | undefined {
  return new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(part.headers)?.[1];
}

function leaves(part: MimePart): MimePart[] {
  return part.parts.length > 0 ? part.parts.flatMap(leaves) : [part];
}

function decode(part: MimePart): Buffer {
  const encoding = header(part, 'content-transfer-encoding')?.trim().toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const unwrapped = part.body.replace(/=\r\n/g, '');
    return Buffer.from(
      unwrapped.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
  }
  return Buffer.from(part.body, 'utf8');
}

function partOfType(message: MimePart, type: string): MimePart {
  const part = leaves(message).find((leaf) => header(leaf, 'content-type')?.toLowerCase().startsWith(type));
  if (!part) throw new Error(`No ${type} part in the message`);
  return part;
}

function expectApplicantCopy(raw: string) {
  const message = parseMime(raw);
  expect(header(message, 'subject')).toBe(`Your application to Blue Ridge Freight Lines (reference ${reference})`);
  expect(header(message, 'from')).toMatch(/^"?Blue Ridge Freight Lines Recruiting"? <recruiting@blueridgefreight\.example>$/);
  expect(header(message, 'to')).toBe(applicant);

  const text = decode(partOfType(message, 'text/plain')).toString('utf8');
  const html = decode(partOfType(message, 'text/html')).toString('utf8');
  for (const body of [text, html]) {
    expect(body).toContain(reference);
    expect(body).toContain('November 21, 2026');
    expect(body).toContain('(540) 555-0142');
    expect(body).toMatch(/last four digits/);
    expect(body).not.toMatch(fullSsn);
  }

  const attachment = partOfType(message, 'application/pdf');
  expect(attachment.headers).toMatch(/^Content-Type: application\/pdf/im);
  expect(attachment.headers).toContain(`application-${reference}.pdf`);
  expect(header(attachment, 'content-disposition')).toMatch(/^attachment/);
  expect(decode(attachment).equals(Buffer.from(pdf))).toBe(true);
}

// The server sends from a thread of its own (server/start.ts); both transports behave the same.
const transportKinds = [
  { kind: 'in the calling thread', create: createMailTransport },
  { kind: 'in a thread of its own', create: createMailTransportInThread },
];

describe.each(transportKinds)('the mail transport $kind', ({ create }) => {
  describe('sending through SMTP', () => {
    interface Received {
      raw: string;
      mailFrom: string;
      rcptTo: string[];
    }
    const received: Received[] = [];
    let server: SMTPServer;
    let port: number;

    beforeAll(async () => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const { mailFrom, rcptTo } = session.envelope;
            received.push({
              raw: Buffer.concat(chunks).toString('utf8'),
              mailFrom: mailFrom ? mailFrom.address : '',
              rcptTo: rcptTo.map((recipient) => recipient.address),
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.server.address() as AddressInfo).port;
    });

    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(resolve));
    });

    it('delivers the applicant copy with its PDF to a real SMTP server', async () => {
      const logger = silentLogger();
      const transport = create({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: '/nonexistent/outbox', logger });
      try {
        expect(transport.warning).toBeUndefined();
        expect(transport.describe()).toContain(`smtp://127.0.0.1:${port}`);

        const result = await transport.send(copy());

        expect(result.location).toBe('smtp');
        expect(result.path).toBeUndefined();
        expect(result.messageId).toMatch(/^<.+@.+>$/);
        expect(received).toHaveLength(1);
        const [mail] = received;
        expect(mail?.mailFrom).toBe('recruiting@blueridgefreight.example');
        expect(mail?.rcptTo).toEqual([applicant]);
        expectApplicantCopy(mail?.raw ?? '');
        expect(header(parseMime(mail?.raw ?? ''), 'message-id')).toBe(result.messageId);
      } finally {
        transport.close();
      }
    });

    it('rejects when the SMTP server cannot be reached, for the retry to take over', async () => {
      const closed = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false });
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const closedPort = (closed.server.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(resolve));

      const transport = create({ smtpUrl: `smtp://127.0.0.1:${closedPort}`, outboxDir: '/nonexistent', logger: silentLogger() });
      try {
        await expect(transport.send(copy())).rejects.toThrow();
      } finally {
        transport.close();
      }
    });
  });

  describe('the SMTP URL', () => {
    it('is described without its credentials or options', () => {
      const transport = create({
        smtpUrl: 'smtps://mailer:s3cret-pass@mail.example.com?tls.rejectUnauthorized=false',
        outboxDir: '/nonexistent',
        logger: silentLogger(),
      });
      try {
        expect(transport.describe()).toContain('smtps://mail.example.com:465');
        expect(transport.describe()).not.toContain('s3cret');
        expect(transport.describe()).not.toContain('mailer');
        expect(transport.describe()).not.toContain('rejectUnauthorized');
      } finally {
        transport.close();
      }
    });

    it.each(['http://mail.example.com', 'not a url', 'smtp://'])('refuses %s at start-up', (smtpUrl) => {
      expect(() => create({ smtpUrl, outboxDir: '/nonexistent', logger: silentLogger() })).toThrow(MailConfigError);
    });
  });

  describe('without SMTP (the outbox)', () => {
    let root: string;
    let transport: MailTransport | undefined;

    beforeAll(() => {
      root = mkdtempSync(join(tmpdir(), 'mail-outbox-'));
    });

    afterEach(() => {
      transport?.close();
      transport = undefined;
    });

    afterAll(() => {
      rmSync(root, { recursive: true, force: true });
    });

    it('writes the message with its attachment as an .eml file, creating the folder', async () => {
      const outboxDir = join(root, 'data', 'outbox');
      const logger = silentLogger();
      transport = create({ smtpUrl: '', outboxDir, logger });

      expect(transport.describe()).toContain(outboxDir);
      expect(transport.describe()).toMatch(/no SMTP/);
      expect(transport.warning).toContain(outboxDir);
      expect(transport.warning).toMatch(/SMTP_URL/);

      const result = await transport.send(copy());

      expect(result.location).toBe('outbox');
      expect(result.path).toBeDefined();
      const path = result.path ?? '';
      expect(readdirSync(outboxDir)).toEqual([basename(path)]);
      expect(basename(path)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[A-Za-z0-9._@-]+\.eml$/);
      expect(basename(path)).toContain(result.messageId.replace(/[<>]/g, ''));
      if (process.platform !== 'win32') expect(statSync(path).mode & 0o077).toBe(0);

      const raw = readFileSync(path, 'utf8');
      expect(raw).toContain('\r\n');
      expectApplicantCopy(raw);
      expect(header(parseMime(raw), 'message-id')).toBe(result.messageId);
      expect(logger.info).toHaveBeenCalledWith(expect.stringContaining(path));
    });

    it('writes each message to its own file', async () => {
      const outboxDir = join(root, 'two');
      transport = create({ outboxDir, logger: silentLogger() });
      const first = await transport.send(copy());
      const second = await transport.send(copy());
      expect(first.path).not.toBe(second.path);
      expect(readdirSync(outboxDir)).toHaveLength(2);
    });
  });
});

describe('the applicant copy message', () => {
  it('escapes the dynamic values in the HTML body', () => {
    const message = copy({
      carrier: { ...carrier, name: 'Acme <script>alert("x")</script> & Sons', hiringPhone: '(540) 555-0142' },
    });
    const html = String(message.html);
    expect(html).not.toContain('<script>');
    expect(html).toContain('Acme &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons');
    expect(html).toContain('href="tel:5405550142"');
    // The plain-text body and the headers are not HTML: there the name is kept as it is.
    expect(String(message.text)).toContain('Acme <script>alert("x")</script> & Sons');
    expect(message.subject).toBe(`Your application to Acme <script>alert("x")</script> & Sons (reference ${reference})`);
  });

  it('is from the carrier recruiting address and attaches the PDF', () => {
    const message = copy();
    expect(message.from).toEqual({ name: 'Blue Ridge Freight Lines Recruiting', address: 'recruiting@blueridgefreight.example' });
    expect(message.to).toBe(applicant);
    expect(message.attachments).toEqual([
      { filename: `application-${reference}.pdf`, content: Buffer.from(pdf), contentType: 'application/pdf' },
    ]);
  });

  it.each(['a@example.com, b@example.com', 'Pat <a@example.com>', 'no-at-sign', 'a@example.com\r\nBcc: b@example.com'])(
    'refuses the recipient %j, which is not one plain address',
    (to) => {
      expect(() => copy({ to })).toThrow(/one plain email address/);
    },
  );
});

describe('delivery with retries', () => {
  const noSleep = () => Promise.resolve();

  it('retries a failing send and records pending, then sent with the attempts it took', async () => {
    const records: DeliveryRecord[] = [];
    const delays: number[] = [];
    let calls = 0;
    const result = await deliverWithRetry({
      send: async () => {
        calls++;
        if (calls <= 2) throw new Error(`connection refused (${calls})`);
        return { messageId: '<id@test>' };
      },
      record: async (state) => {
        records.push(state);
      },
      sleep: async (ms) => {
        delays.push(ms);
      },
      random: () => 0,
    });

    expect(result).toEqual({ state: 'sent', attempts: 3 });
    expect(calls).toBe(3);
    expect(records).toEqual([
      { state: 'pending', attempts: 0 },
      { state: 'pending', attempts: 1, error: 'connection refused (1)' },
      { state: 'pending', attempts: 2, error: 'connection refused (2)' },
      { state: 'sent', attempts: 3 },
    ]);
    expect(delays).toEqual([1000, 2000]);
  });

  it('records failed with the last error after the last attempt', async () => {
    const records: DeliveryRecord[] = [];
    const send = vi.fn(() => Promise.reject(new Error('554 Transaction failed')));
    const sleep = vi.fn(noSleep);
    const result = await deliverWithRetry({ send, record: async (state) => void records.push(state), attempts: 4, sleep });

    expect(result).toEqual({ state: 'failed', attempts: 4, error: '554 Transaction failed' });
    expect(send).toHaveBeenCalledTimes(4);
    expect(sleep).toHaveBeenCalledTimes(3);
    expect(records[0]).toEqual({ state: 'pending', attempts: 0 });
    expect(records.at(-1)).toEqual({ state: 'failed', attempts: 4, error: '554 Transaction failed' });
    expect(records.filter((record) => record.state !== 'pending')).toHaveLength(1);
  });

  it('tries five times by default and copes with errors that are not Error objects', async () => {
    const send = vi.fn(() => Promise.reject('socket hang up'));
    const result = await deliverWithRetry({ send, record: () => Promise.resolve(), sleep: noSleep });
    expect(send).toHaveBeenCalledTimes(5);
    expect(result).toEqual({ state: 'failed', attempts: 5, error: 'socket hang up' });
  });

  it('never throws when recording the state fails, and reports it', async () => {
    const onError = vi.fn();
    const recordError = new Error('database is locked');
    const result = await deliverWithRetry({
      send: () => Promise.resolve(),
      record: () => Promise.reject(recordError),
      sleep: noSleep,
      onError,
    });
    expect(result).toEqual({ state: 'sent', attempts: 1 });
    expect(onError).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledWith(recordError);

    const failing = await deliverWithRetry({
      send: () => Promise.reject(new Error('down')),
      record: () => {
        throw new Error('synchronous failure');
      },
      attempts: 2,
      sleep: noSleep,
      onError: () => {
        throw new Error('the reporter fails too');
      },
    });
    expect(failing).toEqual({ state: 'failed', attempts: 2, error: 'down' });
  });

  it('never throws when send throws synchronously', async () => {
    const result = await deliverWithRetry({
      send: () => {
        throw new Error('bad message');
      },
      record: () => Promise.resolve(),
      attempts: 2,
      sleep: noSleep,
    });
    expect(result).toEqual({ state: 'failed', attempts: 2, error: 'bad message' });
  });

  it('backs off exponentially, capped at 60 s, with a small jitter', async () => {
    const delays: number[] = [];
    await deliverWithRetry({
      send: () => Promise.reject(new Error('down')),
      record: () => Promise.resolve(),
      attempts: 10,
      sleep: async (ms) => void delays.push(ms),
    });

    expect(delays).toHaveLength(9);
    const nominal = [1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000];
    delays.forEach((delay, index) => {
      const expected = nominal[index] ?? 0;
      expect(delay).toBeLessThanOrEqual(expected);
      expect(delay).toBeGreaterThanOrEqual(expected * 0.9);
      expect(delay).toBeLessThanOrEqual(60_000);
    });
    for (let index = 1; index < 7; index++) {
      expect(delays[index]).toBeGreaterThan(delays[index - 1] ?? Infinity);
    }

    expect(Array.from({ length: 9 }, (_, index) => retryDelay(index + 1, 1000, 60_000, () => 0))).toEqual(nominal);
    expect(retryDelay(3, 1000, 60_000, () => 0.5)).toBe(3800);
    expect(retryDelay(20, 1000, 60_000, () => 0.999)).toBeGreaterThanOrEqual(54_000);
  });

  it('waits for real without an injected sleep', async () => {
    const records: DeliveryRecord[] = [];
    let calls = 0;
    const result = await deliverWithRetry({
      send: async () => {
        if (++calls === 1) throw new Error('once');
      },
      record: async (state) => void records.push(state),
      baseDelayMs: 5,
    });
    expect(result).toEqual({ state: 'sent', attempts: 2 });
    expect(records.map((record) => record.state)).toEqual(['pending', 'pending', 'sent']);
  });

  it('sends an applicant copy to the outbox end to end', async () => {
    const root = mkdtempSync(join(tmpdir(), 'mail-delivery-'));
    const transport = createMailTransport({ outboxDir: root, logger: silentLogger() });
    try {
      const records: DeliveryRecord[] = [];
      const result = await deliverWithRetry({
        send: () => transport.send(copy()),
        record: async (state) => void records.push(state),
        sleep: noSleep,
      });
      expect(result).toEqual({ state: 'sent', attempts: 1 });
      expect(readdirSync(root)).toHaveLength(1);
    } finally {
      transport.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
