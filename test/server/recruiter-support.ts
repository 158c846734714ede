import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { resolveCarrierConfig } from '../../config/carrier-config.ts';
import type { ApplicationDocument } from '../../machines/form/application-document.ts';
import { buildServer } from '../../server/app.ts';
import type { ApplicationStore } from '../../server/db/application-store.ts';
import { createRecruiterStore, type RecruiterStore } from '../../server/db/recruiter-store.ts';
import { createMailTransport } from '../../server/mail/mail-transport.ts';
import { hashPassword } from '../../server/recruiter/recruiter-auth.ts';
import { completeDocument, openTestSite } from '../support/test-site.ts';
import type { TestBackend, TestDatabase } from '../support/postgres.ts';

/** A server with the API and the recruiter area on a test database, a settable clock and an outbox. */

export const carrier = resolveCarrierConfig({});
export const recruiterEmail = 'dana.recruiter@example.com';
export const recruiterPassword = 'correct horse battery staple';
export const publicUrl = 'https://apply.example.com';

export interface RecruiterHarness {
  server: FastifyInstance;
  store: ApplicationStore;
  recruiters: RecruiterStore;
  database: TestDatabase;
  outbox: string;
  clock: { now: Date };
  close(): Promise<void>;
}

export async function recruiterHarness(backend: TestBackend, options: { production?: boolean; sessionIdleMs?: number; pageSize?: number } = {}): Promise<RecruiterHarness> {
  const site = await openTestSite(backend, '<!doctype html><link rel="stylesheet" crossorigin href="/assets/index-test.css"><title>app</title>');
  const { distDir, database, store, outbox } = site;
  const recruiters = createRecruiterStore(database.db);
  const key = randomBytes(32);
  const mail = createMailTransport({ outboxDir: outbox, logger: { info: () => {}, warn: () => {} } });
  const clock = { now: new Date('2024-07-15T15:00:00.000Z') };
  const now = () => clock.now;
  const server = await buildServer({
    distDir,
    production: options.production ?? false,
    api: { store, encryptionKey: key, carrier, mail, now, publicUrl, submissionsPerMinute: 10_000, mailRetryBaseDelayMs: 1 },
    recruiter: { store, recruiters, encryptionKey: key, carrier, now, publicUrl, signInsPerMinute: 10_000, ...(options.sessionIdleMs ? { sessionIdleMs: options.sessionIdleMs } : {}), ...(options.pageSize ? { pageSize: options.pageSize } : {}) },
  });
  await recruiters.addRecruiter(recruiterEmail, await hashPassword(recruiterPassword));
  return {
    server,
    store,
    recruiters,
    database,
    outbox,
    clock,
    async close() {
      await server.close();
      await site.close();
    },
  };
}

/** Submits `document` through the API; returns its reference. */
export async function submit(server: FastifyInstance, document: ApplicationDocument = completeDocument()): Promise<string> {
  const response = await server.inject({ method: 'POST', url: '/api/applications', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(document) });
  if (response.statusCode !== 201) throw new Error(`submission failed: ${response.statusCode} ${response.body}`);
  return response.json<{ reference: string }>().reference;
}

// jsdom ships no types; this is the one constructor used.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: Window } };

export function parse(html: string): Document {
  return new JSDOM(html).window.document;
}

/** The CSRF token of the first form of the page. */
export function csrfOf(html: string): string {
  const token = parse(html).querySelector<HTMLInputElement>('input[name="_csrf"]')?.value;
  if (!token) throw new Error('no CSRF token on the page');
  return token;
}

/** A browser's cookies for one site: sends them, keeps what the server sets. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly server: FastifyInstance) {}

  async request(options: InjectOptions & { form?: Record<string, string> }): Promise<LightMyRequestResponse> {
    const { form, ...rest } = options;
    const headers: Record<string, string> = { ...(rest.headers as Record<string, string> | undefined) };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin ??= 'http://localhost:80';
    }
    const response = await this.server.inject({ ...rest, headers, ...(form ? { payload: new URLSearchParams(form).toString() } : {}) });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared = cookie.value === '' || cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (cleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request({ method: 'POST', url, form, headers });
  }

  /** Opens the sign-in form and posts it. */
  async signIn(email = recruiterEmail, password = recruiterPassword): Promise<LightMyRequestResponse> {
    const form = await this.get('/recruiter/login');
    return this.post('/recruiter/login', { _csrf: csrfOf(form.body), email, password, next: '/recruiter' });
  }
}
