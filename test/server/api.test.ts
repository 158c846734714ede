// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { benchNoopPostPath, buildServer } from '../../server/app.ts';
import type { ApplicationStore } from '../../server/db/application-store.ts';
import { decryptSsn } from '../../server/crypto/ssn-cipher.ts';
import { createMailTransport } from '../../server/mail/mail-transport.ts';
import { resolveCarrierConfig } from '../../config/carrier-config.ts';
import { answerForms } from '../../machines/form/step-forms.ts';
import { isAnswerField } from '../../machines/form/field-types.ts';
import { samplePngSignature } from '../support/sample-answers.ts';
import { completeDocument, openTestSite } from '../support/test-site.ts';
import { availableBackends, type TestDatabase } from '../support/postgres.ts';

const ssn = '123-45-6789';
const carrier = resolveCarrierConfig({});

interface Harness {
  server: FastifyInstance;
  store: ApplicationStore;
  database: TestDatabase;
  key: Buffer;
  logs: string[];
  outbox: string;
  clock: { now: Date };
  close(): Promise<void>;
}

async function harness(
  backend: (typeof backends)[number],
  options: { submissionsPerMinute?: number; smtpUrl?: string; benchNoopPost?: boolean } = {},
): Promise<Harness> {
  const site = await openTestSite(backend);
  const { distDir, database, store, outbox } = site;
  const key = randomBytes(32);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const mail = createMailTransport({ smtpUrl: options.smtpUrl, outboxDir: outbox, logger: { info: () => {}, warn: () => {} } });
  const clock = { now: new Date('2024-07-15T15:00:00.000Z') };
  const server = await buildServer({
    distDir,
    logger: true,
    logStream,
    benchNoopPost: options.benchNoopPost ?? false,
    api: {
      store,
      encryptionKey: key,
      carrier,
      mail,
      now: () => clock.now,
      submissionsPerMinute: options.submissionsPerMinute ?? 1000,
      mailRetryBaseDelayMs: 1,
    },
  });
  return {
    server,
    store,
    database,
    key,
    logs,
    outbox,
    clock,
    async close() {
      await server.close();
      await site.close();
    },
  };
}

function post(server: FastifyInstance, payload: unknown, headers: Record<string, string> = {}) {
  return server.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

const backends = availableBackends();

describe.each(backends)('POST /api/applications on $name', (backend) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness(backend);
  });
  afterEach(async () => {
    await h.close();
  });

  it('stores a complete application: the document as sent without the SSN, the SSN encrypted, the 391.21 date', async () => {
    const document = completeDocument();
    const response = await post(h.server, document, { 'idempotency-key': 'first-submission-1', 'user-agent': 'TestBrowser/1.0' });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ reference: string; downloadUrl: string; expiresAt: string }>();
    expect(body.reference).toMatch(/^BRF-[2-9A-HJ-NP-Z]{8}$/);
    expect(body.downloadUrl).toMatch(/^\/api\/applications\/copy\/[A-Za-z0-9_-]{40,}$/);
    expect(body.expiresAt).toBe('2024-07-16T15:00:00.000Z');

    const row = await h.store.findByReference(body.reference);
    if (!row) throw new Error('not stored');
    const { ssn: sentSsn, ...personal } = document.answers.personal ?? {};
    expect(sentSsn).toBe(ssn);
    expect(row.document).toEqual({ ...document, answers: { ...document.answers, personal } });
    expect(JSON.stringify(row.document)).not.toContain(ssn);
    expect(decryptSsn(row.ssnCiphertext, h.key)).toBe(ssn);
    expect(row.submittedAt.toISOString()).toBe('2024-07-15T15:00:00.000Z');
    expect(row.userAgent).toBe('TestBrowser/1.0');
    expect(row.clientIp).toBe('127.0.0.1');
  });

  it('names every missing required answer in turn and stores nothing', async () => {
    const document = completeDocument();
    let checked = 0;
    for (const form of answerForms) {
      const answers = document.answers[form.step] ?? {};
      for (const field of form.fields.flatMap((node) => (node.kind === 'group' ? node.fields : [node]))) {
        if (!isAnswerField(field) || !field.required || !(field.name in answers)) continue;
        const { [field.name]: _removed, ...rest } = answers;
        const response = await post(h.server, { ...document, answers: { ...document.answers, [form.step]: rest } });
        expect(response.statusCode, `${form.step}.${field.name}`).toBe(400);
        const problems = response.json<{ problems: { field: string; message: string }[] }>().problems;
        expect(problems.map((problem) => problem.field), `${form.step}.${field.name}`).toContain(`${form.step}.${field.name}`);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(await h.store.countApplications()).toBe(0);
  });

  it('refuses wrong types, unknown steps and answers, bad signatures and missing acknowledgements, storing nothing', async () => {
    const document = completeDocument();
    const bad: [string, unknown][] = [
      ['wrong type', { ...document, answers: { ...document.answers, personal: { ...document.answers.personal, 'first-name': 7 } } }],
      ['unknown step', { ...document, answers: { ...document.answers, hobbies: { x: 'y' } } }],
      ['unknown answer', { ...document, answers: { ...document.answers, general: { ...document.answers.general, shoe: '9' } } }],
      ['option not in the list', { ...document, answers: { ...document.answers, personal: { ...document.answers.personal, state: 'XX' } } }],
      ['not a PNG', { ...document, signature: { method: 'drawn', image: 'data:image/gif;base64,R0lGODlh', signedAt: document.signature.signedAt } }],
      ['huge signature', { ...document, signature: { method: 'drawn', image: `${samplePngSignature}${'A'.repeat(600_000)}`, signedAt: document.signature.signedAt } }],
      ['missing acknowledgement', { ...document, acknowledgements: { ...document.acknowledgements, firearm: undefined } }],
      ['no signature', { ...document, signature: undefined }],
      ['an array', [document]],
      ['a string', '"hello"'],
    ];
    for (const [what, payload] of bad) {
      const response = await post(h.server, payload);
      expect(response.statusCode, what).toBe(400);
      expect(response.json<{ problems: unknown[] }>().problems.length, what).toBeGreaterThan(0);
      expect(response.body, what).not.toMatch(/\bat \S+ \(/);
    }
    expect(await h.store.countApplications()).toBe(0);
  });

  it('answers 413 beyond 2 MB and 415 for anything but JSON', async () => {
    const big = await post(h.server, `{"padding":"${'x'.repeat(2 * 1024 * 1024)}"}`);
    expect(big.statusCode).toBe(413);
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await h.server.inject({ method: 'POST', url: '/api/applications', headers: { 'content-type': contentType }, payload: 'a=b' });
      expect(response.statusCode, contentType).toBe(415);
    }
    const malformed = await post(h.server, '{"version": 1,');
    expect(malformed.statusCode).toBe(400);
    expect(await h.store.countApplications()).toBe(0);
  });

  it('stores exactly one application for one idempotency key, retried or double-clicked', async () => {
    const document = completeDocument();
    const first = await post(h.server, document, { 'idempotency-key': 'double-click-key' });
    const again = await post(h.server, document, { 'idempotency-key': 'double-click-key' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // At the same moment (the test's clock stands still), so the retries' download links are the same too.
    const together = await Promise.all(Array.from({ length: 8 }, () => post(h.server, document, { 'idempotency-key': 'same-time-key' })));
    expect(together.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const references = new Set(together.map((response) => response.json<{ reference: string }>().reference));
    expect(references.size).toBe(1);
    expect(await h.store.countApplications()).toBe(2);
    const badKey = await post(h.server, document, { 'idempotency-key': 'bad key!' });
    expect(badKey.statusCode).toBe(400);
  });

  it('gives the PDF copy on the private link only: wrong token 404, a reference 404, expired 410', async () => {
    const response = await post(h.server, completeDocument(), { 'idempotency-key': 'download-key-1' });
    const { downloadUrl, reference } = response.json<{ downloadUrl: string; reference: string }>();
    const pdf = await h.server.inject({ method: 'GET', url: downloadUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`application-${reference}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.includes(Buffer.from(ssn))).toBe(false);

    const wrong = await h.server.inject({ method: 'GET', url: `${downloadUrl.slice(0, -4)}AAAA` });
    expect(wrong.statusCode).toBe(404);
    const byReference = await h.server.inject({ method: 'GET', url: `/api/applications/copy/${reference}` });
    expect(byReference.statusCode).toBe(404);
    const listing = await h.server.inject({ method: 'GET', url: `/api/applications/${reference}` });
    expect(listing.statusCode).toBe(404);

    h.clock.now = new Date('2024-07-16T15:00:01.000Z');
    const expired = await h.server.inject({ method: 'GET', url: downloadUrl });
    expect(expired.statusCode).toBe(410);
  });

  it('emails the copy when asked (the outbox without SMTP) and records that it was sent', async () => {
    const document = completeDocument();
    expect(document.answers.confirmation?.['send-copy']).toBe('yes');
    const response = await post(h.server, document, { 'idempotency-key': 'copy-key-123' });
    const { reference } = response.json<{ reference: string }>();
    await expect.poll(async () => (await h.store.findByReference(reference))?.copyState, { timeout: 10_000 }).toBe('sent');
    // The applicant's copy, and the recruiting address's notification (issue 9).
    await expect.poll(() => readdirSync(h.outbox).length, { timeout: 10_000 }).toBe(2);
    const messages = readdirSync(h.outbox).map((file) => readFileSync(join(h.outbox, file), 'utf8'));
    const message = messages.find((text) => text.includes('To: maria.alvarez@example.com')) ?? '';
    expect(messages.filter((text) => text.includes(`To: ${carrier.recruitingEmail}`))).toHaveLength(1);
    expect(message).toContain(`application-${reference}.pdf`);
    expect(message).not.toContain(ssn);
  });

  it('never writes the SSN in plain text to the logs (nor the database file on SQLite)', async () => {
    const response = await post(h.server, completeDocument(), { 'idempotency-key': 'log-check-key' });
    await h.server.inject({ method: 'GET', url: response.json<{ downloadUrl: string }>().downloadUrl });
    const logs = h.logs.join('');
    expect(logs).toContain('"path":"/api/applications"');
    expect(logs).toContain('"path":"/api/applications/copy/[token]"');
    for (const secret of [ssn, '123456789', '1985-04-12', samplePngSignature.slice(30, 60)]) expect(logs).not.toContain(secret);
    const lines = h.logs.filter((line) => line.includes('"msg":"request"'));
    expect(lines).toHaveLength(2);
    if (h.database.sqlitePath) {
      for (const file of [h.database.sqlitePath, `${h.database.sqlitePath}-wal`]) {
        if (!existsSync(file)) continue;
        const bytes = readFileSync(file);
        expect(bytes.includes(Buffer.from(ssn)), file).toBe(false);
        expect(bytes.includes(Buffer.from('123456789')), file).toBe(false);
      }
    }
  });
});

describe('the API over a real socket', () => {
  it('takes a submission over HTTP, limits the rate per address and never sends a stack trace', async () => {
    const h = await harness(backends[0]!, { submissionsPerMinute: 2 });
    try {
      const address = await h.server.listen({ port: 0, host: '127.0.0.1' });
      const send = (key: string) =>
        fetch(`${address}/api/applications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify(completeDocument()),
        });
      const first = await send('socket-key-1');
      expect(first.status).toBe(201);
      const second = await send('socket-key-2');
      expect(second.status).toBe(201);
      const third = await send('socket-key-3');
      expect(third.status).toBe(429);
      expect(await third.text()).not.toMatch(/\bat \S+ \(/);
      expect(await h.store.countApplications()).toBe(2);
      const headers = (await fetch(`${address}/form/2/personal`)).headers;
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    } finally {
      await h.close();
    }
  });
});

describe("the bench's reference route, POST /api/bench/noop", () => {
  it('is not there unless asked for', async () => {
    const h = await harness(backends[0]!);
    try {
      const response = await h.server.inject({ method: 'POST', url: benchNoopPostPath, headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(response.statusCode).toBe(404);
    } finally {
      await h.close();
    }
  });

  it("takes a submission's request like POST /api/applications (JSON only, 2 MB, the same rate limit) and stores nothing", async () => {
    const h = await harness(backends[0]!, { benchNoopPost: true, submissionsPerMinute: 3 });
    try {
      const send = (payload: string, contentType = 'application/json') =>
        h.server.inject({ method: 'POST', url: benchNoopPostPath, headers: { 'content-type': contentType }, payload });
      const accepted = await send(JSON.stringify(completeDocument()));
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({ status: 'ok' });
      expect((await send('a=b', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
      expect((await send(`{"padding":"${'x'.repeat(2 * 1024 * 1024)}"}`)).statusCode).toBe(413);
      expect((await send('{}')).statusCode).toBe(429);
      expect(await h.store.countApplications()).toBe(0);
    } finally {
      await h.close();
    }
  });
});

describe('the emailed copy over SMTP', () => {
  it('a real SMTP server on loopback receives the copy with the PDF attached, and the submission records it', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    const h = await harness(backends[0]!, { smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const response = await post(h.server, completeDocument(), { 'idempotency-key': 'smtp-copy-key' });
      const { reference } = response.json<{ reference: string }>();
      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
      const message = received.find((text) => /^To: maria\.alvarez@example\.com/m.test(text)) ?? '';
      expect(message).toMatch(/^To: maria\.alvarez@example\.com/m);
      expect(message).toContain('Content-Type: application/pdf');
      expect(message).toContain(`application-${reference}.pdf`);
      const attachment = /Content-Disposition: attachment[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(message)?.[1] ?? '';
      expect(Buffer.from(attachment.replace(/\s/g, ''), 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      expect(message).not.toContain(ssn);
      await expect.poll(async () => (await h.store.findByReference(reference))?.copyState, { timeout: 10_000 }).toBe('sent');
    } finally {
      await h.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
