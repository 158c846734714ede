import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';

/**
 * Where the server's email goes (decision 24 and the recruiting notification to come): an SMTP
 * server given by `SMTP_URL`, or, with none configured, `.eml` files in an outbox folder so that
 * development and test machines never need a mail server and nothing is lost.
 *
 * Messages are plain nodemailer messages; each kind of email has its own builder
 * (`applicant-copy.ts`, …) and all of them go through the one transport.
 */

/** A message as nodemailer takes it: from, to, subject, text, html, attachments, … */
export type MailMessage = SendMailOptions;

export interface MailLogger {
  info(message: string): void;
  warn(message: string): void;
}

export interface MailTransportOptions {
  /** `smtp://[user:pass@]host[:port]` or `smtps://…` (the app passes `process.env.SMTP_URL`); the outbox when absent or empty. */
  smtpUrl?: string | undefined;
  /** The folder `.eml` files are written to when there is no SMTP server (created when needed). */
  outboxDir: string;
  logger: MailLogger;
}

export interface SentMail {
  messageId: string;
  location: 'smtp' | 'outbox';
  /** The `.eml` file, for the outbox. */
  path?: string;
}

export interface MailTransport {
  /** Sends one message; rejects when the SMTP server refuses it or the file cannot be written. */
  send(message: MailMessage): Promise<SentMail>;
  /** Where mail goes, for the start-up log: the SMTP server without credentials, or the outbox folder. */
  describe(): string;
  /** Set when mail is not really sent (no SMTP configured): the caller logs it once at start-up. */
  readonly warning?: string;
  close(): void;
}

export class MailConfigError extends Error {
  override name = 'MailConfigError';
}

/**
 * SMTP timeouts shorter than nodemailer's (2 minutes to connect, 10 minutes of inactivity), so that
 * an unreachable server fails an attempt quickly and the retry takes over. The URL may override
 * them (`?connectionTimeout=60000`).
 */
const smtpTimeouts = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export interface MailDestination {
  /** For the start-up log: the SMTP server without credentials, or the outbox folder. */
  readonly description: string;
  /** Set when mail is not really sent (no SMTP configured). */
  readonly warning?: string;
}

/** Where mail goes with these settings; throws MailConfigError for an unusable SMTP_URL. */
export function mailDestination({ smtpUrl, outboxDir }: Omit<MailTransportOptions, 'logger'>): MailDestination {
  if (smtpUrl) return { description: `mail is sent through ${describeSmtpUrl(smtpUrl)}` };
  const folder = resolve(outboxDir);
  return {
    description: `no SMTP server is configured (SMTP_URL): mail is written as .eml files to ${folder}`,
    warning: `SMTP_URL is not set: email is NOT sent; each message is written as an .eml file to ${folder} instead.`,
  };
}

export function createMailTransport({ smtpUrl, outboxDir, logger }: MailTransportOptions): MailTransport {
  const destination = mailDestination({ smtpUrl, outboxDir });
  return smtpUrl ? createSmtpTransport(smtpUrl, destination, logger) : createOutboxTransport(resolve(outboxDir), destination, logger);
}

function createSmtpTransport(smtpUrl: string, destination: MailDestination, logger: MailLogger): MailTransport {
  const description = describeSmtpUrl(smtpUrl);
  // nodemailer reads host, port, credentials and `?name=value` options (`tls.rejectUnauthorized=false`,
  // `requireTLS=true`, …) from the URL itself.
  const transporter = nodemailer.createTransport({ ...smtpTimeouts, url: smtpUrl });
  return {
    async send(message) {
      const info = await transporter.sendMail(message);
      if (info.rejected.length > 0) {
        logger.warn(`Mail ${info.messageId}: the SMTP server refused ${info.rejected.length} of its recipients.`);
      }
      logger.info(`Mail ${info.messageId} sent through ${description}.`);
      return { messageId: info.messageId, location: 'smtp' };
    },
    describe: () => destination.description,
    close: () => transporter.close(),
  };
}

function createOutboxTransport(outboxDir: string, destination: MailDestination, logger: MailLogger): MailTransport {
  // Windows line breaks: the file is the message exactly as it would go over SMTP (RFC 5322).
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const info = await transporter.sendMail(message);
      const content = info.message;
      if (!Buffer.isBuffer(content)) throw new Error('The stream transport returned no message buffer.');
      // The folder and the files hold personal data: readable by the server's user only.
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const path = join(outboxDir, `${fileTimestamp(new Date())}-${safeFileName(info.messageId)}.eml`);
      await writeFile(path, content, { mode: 0o600, flag: 'wx' });
      logger.info(`Mail ${info.messageId} written to ${path} (no SMTP configured).`);
      return { messageId: info.messageId, location: 'outbox', path };
    },
    describe: () => destination.description,
    ...(destination.warning ? { warning: destination.warning } : {}),
    close: () => transporter.close(),
  };
}

/** `smtps://mail.example.com:465`: the URL without credentials or options, which may hold secrets. */
function describeSmtpUrl(smtpUrl: string): string {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new MailConfigError('SMTP_URL is not a valid URL (expected smtp://[user:pass@]host[:port] or smtps://…).');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new MailConfigError(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//.`);
  }
  if (!url.hostname) throw new MailConfigError('SMTP_URL names no host.');
  const port = url.port || (url.protocol === 'smtps:' ? '465' : '587');
  return `${url.protocol}//${url.hostname}:${port}`;
}

/** `2026-11-21T09-30-00-000Z`: sorts in time order and is a valid file name everywhere. */
function fileTimestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/** `<1a2b…@example.com>` → `1a2b…@example.com`, with anything but letters, digits, `.`, `_`, `-`, `@` replaced. */
function safeFileName(messageId: string): string {
  const safe = messageId
    .replace(/^<|>$/g, '')
    .replace(/[^A-Za-z0-9._@-]/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 100);
  return safe || 'message';
}
