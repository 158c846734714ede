import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CarrierConfig } from '../../config/carrier-config.ts';
import type { ApplicationDocument } from '../../machines/form/application-document.ts';
import { compileDocumentCheck } from './document-check.ts';
import { hashToken, splitSsn, type ApplicationStore, type StoredApplication } from '../db/application-store.ts';
import { decryptSsn, encryptSsn } from '../crypto/ssn-cipher.ts';
import { renderApplicationPdf } from '../pdf/application-pdf.ts';
import { applicantCopyFileName, applicantCopyMessage } from '../mail/applicant-copy.ts';
import { deliverWithRetry, type DeliveryRecord } from '../mail/delivery.ts';
import { recruiterNotificationMessage } from '../mail/recruiter-notification.ts';
import { licenceSummary } from '../recruiter/inbox-vocabulary.ts';
import { recruiterPaths } from '../recruiter/recruiter-paths.ts';
import type { MailTransport } from '../mail/mail-transport.ts';

export interface ApplicationsRoutesOptions {
  store: ApplicationStore;
  encryptionKey: Buffer;
  carrier: CarrierConfig;
  mail: MailTransport;
  /** How long a download link works (24 hours). */
  downloadTtlMs?: number;
  /** POST requests per minute per client address. */
  submissionsPerMinute?: number;
  /** Back-off of the emailed copy's retries (tests shorten it). */
  mailRetryBaseDelayMs?: number;
  /** The app's public address, for the inbox link in the recruiters' notification (`PUBLIC_URL`). */
  publicUrl?: string;
  now?: () => Date;
}

export const downloadPathPrefix = '/api/applications/copy/';
/** The largest submission accepted (a drawn signature is the bulk of it). */
export const submissionBodyLimit = 2 * 1024 * 1024;

/** The rate limit of `POST /api/applications`: `perMinute` submissions a minute from one address (20 by default). */
export function submissionRateLimit(perMinute = 20) {
  return { max: perMinute, timeWindow: '1 minute' };
}
const idempotencyKeyPattern = /^[A-Za-z0-9._:-]{8,200}$/;
const tokenPattern = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The private download token of a submission: an HMAC of its idempotency key and expiry under a key
 * derived from the encryption key. Unguessable without the server's key, never stored (only its
 * hash), and the same for every retry of one submission, so a replayed answer gives the same link.
 */
function downloadToken(tokenKey: Buffer, idempotencyKey: string, expiresAt: Date): string {
  return createHmac('sha256', tokenKey).update(`${idempotencyKey}|${expiresAt.toISOString()}`).digest('base64url');
}

function sendProblems(reply: FastifyReply, status: number, error: string, problems: { field: string; message: string }[] = []) {
  return reply.code(status).send({ error, problems });
}

/** The stored document with its SSN decrypted and put back, as the applicant submitted it. */
export function documentWithSsn(row: StoredApplication, key: Buffer): ApplicationDocument {
  const ssn = decryptSsn(row.ssnCiphertext, key);
  const personal = { ...row.document.answers.personal, ssn };
  return { ...row.document, answers: { ...row.document.answers, personal } };
}

/**
 * The application's PDF: the SSN masked to its last four digits for the copy a person may download
 * or is emailed (decision 24), in full for the carrier's recruiters.
 */
export async function applicationPdf(row: StoredApplication, key: Buffer, carrier: CarrierConfig, ssn: 'masked' | 'full' = 'masked'): Promise<Uint8Array> {
  return renderApplicationPdf({ document: documentWithSsn(row, key), reference: row.reference, submittedAt: row.submittedAt, carrier, ssn });
}

/**
 * POST /api/applications stores a submitted application (decision 5 and 25): validated by the
 * compiled check derived from the screens' declarations (the screens' own schemas word any problem), the SSN encrypted, retries made safe by the Idempotency-Key header. GET on the
 * private download link returns the applicant's PDF copy.
 */
export async function applicationsRoutes(server: FastifyInstance, options: ApplicationsRoutesOptions): Promise<void> {
  const { store, encryptionKey, carrier, mail } = options;
  const now = options.now ?? (() => new Date());
  const downloadTtlMs = options.downloadTtlMs ?? 24 * 60 * 60 * 1000;
  const deliveries = new Set<Promise<unknown>>();
  const documentCheck = compileDocumentCheck();
  const tokenKey = Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'download-link-token', 32));
  const linkOf = (row: StoredApplication) => `${downloadPathPrefix}${downloadToken(tokenKey, row.idempotencyKey, row.downloadExpiresAt)}`;

  server.addHook('onClose', async () => {
    await Promise.allSettled([...deliveries]);
  });

  /** Sends one email with retries after the answer has gone; a failure never touches the submission. */
  function deliverInBackground(row: StoredApplication, kind: string, send: () => Promise<unknown>, record: (state: DeliveryRecord) => Promise<void>): void {
    const delivery = deliverWithRetry({
      baseDelayMs: options.mailRetryBaseDelayMs ?? 1000,
      send,
      record,
      onError: (error) => server.log.error({ err: error, reference: row.reference }, `recording the ${kind} failed`),
    }).then((result) => {
      server.log.info({ reference: row.reference, mail: kind, state: result.state, attempts: result.attempts }, kind);
    });
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  }

  function sendCopyInBackground(row: StoredApplication): void {
    if (!row.copyEmail) return;
    const to = row.copyEmail;
    deliverInBackground(
      row,
      'applicant copy',
      async () => {
        const pdf = await applicationPdf(row, encryptionKey, carrier);
        return mail.send(applicantCopyMessage({ to, reference: row.reference, carrier, pdf, submittedAt: row.submittedAt }));
      },
      async ({ state, attempts, error }) => {
        await store.markCopy(row.id, state, { attempts, error: error ?? null });
      },
    );
  }

  /** The recruiting address hears of every new application (issue 9); the outcome is logged. */
  function notifyRecruitersInBackground(row: StoredApplication): void {
    const link = new URL(recruiterPaths.application(row.reference), options.publicUrl ?? 'http://localhost:3000').toString();
    const message = recruiterNotificationMessage({
      carrier,
      reference: row.reference,
      applicantName: row.applicantName,
      licence: licenceSummary(row.document),
      flags: row.flags,
      submittedAt: row.submittedAt,
      link,
    });
    deliverInBackground(row, 'recruiter notification', () => mail.send(message), async () => {});
  }

  server.post(
    '/api/applications',
    {
      bodyLimit: submissionBodyLimit,
      config: { rateLimit: submissionRateLimit(options.submissionsPerMinute) },
    },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const idempotencyKey = typeof header === 'string' && header !== '' ? header : undefined;
      if (idempotencyKey !== undefined && !idempotencyKeyPattern.test(idempotencyKey)) {
        return sendProblems(reply, 400, 'invalid-idempotency-key', [
          { field: 'Idempotency-Key', message: 'The Idempotency-Key header must be 8 to 200 letters, digits or . _ : -' },
        ]);
      }

      if (idempotencyKey) {
        const earlier = await store.findByIdempotencyKey(idempotencyKey);
        if (earlier) return replay(reply, earlier);
      }

      const problems = documentCheck.problemsOf(request.body);
      if (problems.length > 0) return sendProblems(reply, 400, 'invalid-application', problems);
      const submitted = request.body as ApplicationDocument;
      const { document, ssn } = splitSsn(submitted);
      if (!ssn) return sendProblems(reply, 400, 'invalid-application', [{ field: 'personal.ssn', message: 'Enter your Social Security Number' }]);

      const submittedAt = now();
      const expiresAt = new Date(submittedAt.getTime() + downloadTtlMs);
      const key = idempotencyKey ?? `server-${randomUUID()}`;
      const copyWanted = submitted.answers.confirmation?.['send-copy'] === 'yes';
      const copyEmail = copyWanted ? String(submitted.answers.confirmation?.['copy-email'] ?? '') : null;
      const { replay: replayed, row } = await store.insertApplication({
        submittedAt,
        clientIp: request.ip,
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
        document,
        ssnCiphertext: encryptSsn(ssn, encryptionKey),
        idempotencyKey: key,
        downloadTokenHash: hashToken(downloadToken(tokenKey, key, expiresAt)),
        downloadExpiresAt: expiresAt,
        copyEmail,
      });
      if (replayed) return replay(reply, row);
      request.log.info({ reference: row.reference }, 'application stored');
      sendCopyInBackground(row);
      notifyRecruitersInBackground(row);
      return reply.code(201).send({ reference: row.reference, downloadUrl: linkOf(row), expiresAt: row.downloadExpiresAt.toISOString() });
    },
  );

  /** A retry of a stored submission: nothing new is stored; the same reference and link are answered. */
  function replay(reply: FastifyReply, row: StoredApplication) {
    return reply.code(200).send({ reference: row.reference, downloadUrl: linkOf(row), expiresAt: row.downloadExpiresAt.toISOString() });
  }

  server.get<{ Params: { token: string } }>(`${downloadPathPrefix}:token`, async (request, reply) => {
    const { token } = request.params;
    const row = tokenPattern.test(token) ? await store.findByDownloadTokenHash(hashToken(token)) : undefined;
    if (!row) return sendProblems(reply, 404, 'not-found');
    if (row.downloadExpiresAt.getTime() <= now().getTime()) return sendProblems(reply, 410, 'link-expired');
    const pdf = await applicationPdf(row, encryptionKey, carrier);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${applicantCopyFileName(row.reference)}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  });
}
