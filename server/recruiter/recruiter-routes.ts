import { hkdfSync, randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CarrierConfig } from '../../config/carrier-config.ts';
import { applicationPdf, documentWithSsn } from '../api/applications-routes.ts';
import type { ApplicationStore, StoredApplication } from '../db/application-store.ts';
import type { Recruiter, RecruiterStore } from '../db/recruiter-store.ts';
import { applicantCopyFileName } from '../mail/applicant-copy.ts';
import { formatDateTime } from '../pdf/application-pdf.ts';
import { isApplicationStatus, isFlagFilter, statusLabels } from './inbox-vocabulary.ts';
import { csrfToken, hashToken, isValidCsrfToken, newSessionToken, signIn } from './recruiter-auth.ts';
import { recruiterPaths, safeNextPath } from './recruiter-paths.ts';
import { renderApplicationPage } from './pages/application-page.tsx';
import { renderInboxPage } from './pages/inbox-page.tsx';
import { csrfFieldName, type PageContext } from './pages/layout.tsx';
import { renderMessagePage } from './pages/message-page.tsx';
import { renderSignInPage } from './pages/sign-in-page.tsx';

export interface RecruiterRoutesOptions {
  store: ApplicationStore;
  recruiters: RecruiterStore;
  encryptionKey: Buffer;
  carrier: CarrierConfig;
  /** The app's built stylesheets (from `dist/index.html`); `buildServer` fills it in. */
  stylesheets?: readonly string[];
  /** Secure cookies (HTTPS only). */
  production?: boolean;
  /** A session ends after this long without a request (default 30 minutes). */
  sessionIdleMs?: number;
  /** …and in any case this long after sign-in (default 12 hours). */
  sessionMaxMs?: number;
  /** The public address (`PUBLIC_URL`): a form posted from its origin is accepted besides the request's own. */
  publicUrl?: string;
  /** Sign-in attempts per minute per client address. */
  signInsPerMinute?: number;
  /** Applications per page of the inbox (default 25). */
  pageSize?: number;
  now?: () => Date;
}

export const sessionCookie = 'recruiter_session';
/** The sign-in form's own cookie: what its CSRF token is bound to before there is a session. */
export const formCookie = 'recruiter_form';
export const defaultSessionIdleMs = 30 * 60 * 1000;
export const defaultSessionMaxMs = 12 * 60 * 60 * 1000;
export const inboxPageSize = 25;
export const maxNoteLength = 1000;

/**
 * How a route answers someone without a valid session: a page redirects to the sign-in page
 * (returning there afterwards), anything else is refused with 401.
 */
export type RecruiterAccess = 'page' | 'action' | 'download';

type Form = Readonly<Record<string, string | undefined>>;

interface SignedIn {
  recruiter: Recruiter;
  token: string;
  csrf: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    recruiterSession?: SignedIn;
  }
}

interface RecruiterRoute {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly access: RecruiterAccess;
}

/** Every route that needs a session (tests check each refuses an anonymous or expired one). */
export const protectedRecruiterRoutes = [
  { method: 'GET', url: recruiterPaths.inbox, access: 'page' },
  { method: 'GET', url: recruiterPaths.application.pattern, access: 'page' },
  { method: 'POST', url: recruiterPaths.ssn.pattern, access: 'action' },
  { method: 'POST', url: recruiterPaths.status.pattern, access: 'action' },
  { method: 'GET', url: recruiterPaths.pdf.pattern, access: 'download' },
  { method: 'GET', url: recruiterPaths.json.pattern, access: 'download' },
  { method: 'POST', url: recruiterPaths.signOut, access: 'action' },
  { method: 'GET', url: '/recruiter/*', access: 'page' },
] as const satisfies readonly RecruiterRoute[];

function firstValue(value: unknown): string | undefined {
  if (Array.isArray(value)) return firstValue(value[0]);
  return typeof value === 'string' ? value : undefined;
}

/**
 * The carrier's side (issue 9): sign-in and sign-out, the inbox, one application (answers, SSN
 * reveal, status, PDF, JSON), all server-rendered HTML. Every route but the sign-in form needs a
 * session; every POST needs its form's CSRF token and a same-origin request; every view, reveal,
 * status change, download and export is written to the audit log.
 */
export async function recruiterRoutes(server: FastifyInstance, options: RecruiterRoutesOptions): Promise<void> {
  const { store, recruiters, carrier, encryptionKey } = options;
  const now = options.now ?? (() => new Date());
  const idleMs = options.sessionIdleMs ?? defaultSessionIdleMs;
  const maxMs = options.sessionMaxMs ?? defaultSessionMaxMs;
  const csrfKey = Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'recruiter-csrf', 32));
  const stylesheets = [...(options.stylesheets ?? []), '/recruiter.css'];
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  const cookieOptions = { path: '/recruiter', httpOnly: true, sameSite: 'strict', secure: options.production ?? false } as const;

  await server.register(fastifyCookie);
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  server.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    // Browsers then send the form posts' Origin (with no-referrer they send `Origin: null`), and still no referrer to other sites.
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-robots-tag', 'noindex, nofollow');
  });

  const pageContext = (session?: SignedIn): PageContext => ({
    carrier,
    stylesheets,
    ...(session ? { session: { email: session.recruiter.email, csrf: session.csrf } } : {}),
  });

  const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(body);

  /** The signed-in session of the request, `expired` for one that has run out (it is ended), or none. */
  async function sessionOf(request: FastifyRequest): Promise<SignedIn | 'expired' | undefined> {
    const token = request.cookies[sessionCookie];
    if (!token) return undefined;
    const tokenHash = hashToken(token);
    const session = await recruiters.findSession(tokenHash);
    if (!session) return undefined;
    const at = now();
    if (at.getTime() - session.lastSeenAt.getTime() > idleMs || at.getTime() - session.createdAt.getTime() > maxMs) {
      await recruiters.deleteSession(tokenHash);
      return 'expired';
    }
    await recruiters.touchSession(tokenHash, at);
    return { recruiter: session.recruiter, token, csrf: csrfToken(csrfKey, token) };
  }

  /**
   * Whether a POST comes from a page of this site: its Origin says so, or, when the browser hides the
   * origin (`null`), its Sec-Fetch-Site. A request with neither (an old browser, a script) still
   * needs the form's token.
   */
  function isSameOrigin(request: FastifyRequest): boolean {
    const origin = firstValue(request.headers.origin);
    const site = firstValue(request.headers['sec-fetch-site']);
    if (origin === 'null') return site === 'same-origin';
    if (origin !== undefined) return origin === `${request.protocol}://${request.host}` || origin === publicOrigin;
    return site === undefined || site === 'same-origin' || site === 'none';
  }

  function refuseForgery(reply: FastifyReply, session?: SignedIn) {
    return html(
      reply,
      403,
      renderMessagePage({
        context: pageContext(session),
        title: 'The form could not be accepted',
        text: 'It had expired or did not come from this site. Go back, reload the page and try again.',
        signInAgain: !session,
      }),
    );
  }

  async function requireSession(request: FastifyRequest, reply: FastifyReply, access: RecruiterAccess): Promise<void> {
    const session = await sessionOf(request);
    if (session && session !== 'expired') {
      if (request.method === 'POST') {
        const token = (request.body as Form | undefined)?.[csrfFieldName];
        if (!isSameOrigin(request) || !isValidCsrfToken(csrfKey, session.token, token)) return refuseForgery(reply, session);
      }
      request.recruiterSession = session;
      return;
    }
    if (request.cookies[sessionCookie]) reply.clearCookie(sessionCookie, cookieOptions);
    const reason = session === 'expired' ? 'expired' : undefined;
    if (access === 'page' && (request.method === 'GET' || request.method === 'HEAD')) {
      const params = new URLSearchParams({ next: request.url, ...(reason ? { reason } : {}) });
      return reply.redirect(`${recruiterPaths.signIn}?${params}`, 303);
    }
    return html(
      reply,
      401,
      renderMessagePage({
        context: pageContext(),
        title: reason ? 'Your session has ended' : 'Sign in to continue',
        text: reason ? 'You were signed out after a time without activity. Sign in again to continue.' : 'This needs a signed-in recruiter.',
        signInAgain: true,
      }),
    );
  }

  function signedIn(request: FastifyRequest): SignedIn {
    if (!request.recruiterSession) throw new Error('A protected route ran without a session');
    return request.recruiterSession;
  }

  // Sign-in --------------------------------------------------------------------------------------

  function formBinding(request: FastifyRequest, reply: FastifyReply): string {
    const existing = request.cookies[formCookie];
    if (existing && /^[A-Za-z0-9_-]{40,}$/.test(existing)) return existing;
    const value = randomBytes(32).toString('base64url');
    reply.setCookie(formCookie, value, cookieOptions);
    return value;
  }

  const signInNotices: Record<string, { kind: 'info'; text: string }> = {
    'signed-out': { kind: 'info', text: 'You have signed out.' },
    expired: { kind: 'info', text: `You were signed out after ${Math.round(idleMs / 60_000)} minutes without activity. Sign in again to continue.` },
  };

  server.get<{ Querystring: { next?: string; reason?: string } }>(recruiterPaths.signIn, async (request, reply) => {
    const session = await sessionOf(request);
    const next = safeNextPath(request.query.next);
    if (session && session !== 'expired') return reply.redirect(next, 303);
    const notice = signInNotices[request.query.reason ?? ''];
    return html(reply, 200, renderSignInPage({ context: pageContext(), csrf: csrfToken(csrfKey, formBinding(request, reply)), next, ...(notice ? { notice } : {}) }));
  });

  server.post<{ Body: Form }>(
    recruiterPaths.signIn,
    { config: { rateLimit: { max: options.signInsPerMinute ?? 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const body = request.body ?? {};
      const binding = request.cookies[formCookie] ?? '';
      if (!isSameOrigin(request) || !isValidCsrfToken(csrfKey, binding, body[csrfFieldName])) return refuseForgery(reply);
      const email = (body.email ?? '').trim();
      const password = body.password ?? '';
      const next = safeNextPath(body.next);
      const again = (status: number, props: Omit<Parameters<typeof renderSignInPage>[0], 'context' | 'csrf' | 'next'>) =>
        html(reply, status, renderSignInPage({ context: pageContext(), csrf: csrfToken(csrfKey, binding), next, email, ...props }));

      const fieldErrors = {
        ...(email === '' ? { email: 'Enter your email address' } : {}),
        ...(password === '' ? { password: 'Enter your password' } : {}),
      };
      if (Object.keys(fieldErrors).length > 0) {
        return again(400, { fieldErrors, notice: { kind: 'error', text: Object.values(fieldErrors).join('. ') } });
      }
      const result = await signIn(recruiters, email, password, now());
      if (!result.ok) {
        request.log.warn({ reason: result.reason }, 'recruiter sign-in refused');
        const text =
          result.reason === 'locked'
            ? `Too many failed sign-ins for this email address. Try again after ${formatDateTime(result.lockedUntil)}.`
            : 'The email address or password is not right.';
        return again(result.reason === 'locked' ? 429 : 401, { notice: { kind: 'error', text } });
      }
      const token = newSessionToken();
      await recruiters.deleteSessionsIdleSince(new Date(now().getTime() - idleMs));
      await recruiters.createSession(hashToken(token), result.recruiter.id, now());
      reply.setCookie(sessionCookie, token, cookieOptions);
      return reply.redirect(next, 303);
    },
  );

  // Protected routes -----------------------------------------------------------------------------

  const route = <Params extends Record<string, string> = Record<string, string>>(
    definition: (typeof protectedRecruiterRoutes)[number],
    handler: (request: FastifyRequest<{ Params: Params; Querystring: Form; Body: Form }>, reply: FastifyReply, session: SignedIn) => Promise<unknown>,
  ) => {
    server.route<{ Params: Params; Querystring: Form; Body: Form }>({
      method: definition.method,
      url: definition.url,
      preHandler: (request, reply) => requireSession(request, reply, definition.access),
      handler: (request, reply) => handler(request, reply, signedIn(request)),
    });
  };
  const [inboxRoute, applicationRoute, ssnRoute, statusRoute, pdfRoute, jsonRoute, signOutRoute, unknownRoute] = protectedRecruiterRoutes;

  route(signOutRoute, async (request, reply, session) => {
    await recruiters.deleteSession(hashToken(session.token));
    reply.clearCookie(sessionCookie, cookieOptions);
    return reply.redirect(`${recruiterPaths.signIn}?reason=signed-out`, 303);
  });

  route(inboxRoute, async (request, reply, session) => {
    const { q, status, flag, page } = request.query;
    const errors: { status?: string; flag?: string; page?: string } = {};
    if (status && !isApplicationStatus(status)) errors.status = 'Status: choose one of the listed statuses';
    if (flag && !isFlagFilter(flag)) errors.flag = 'Qualification flags: choose one of the listed flags';
    const pageNumber = page === undefined || page === '' ? 1 : Number(page);
    if (!Number.isInteger(pageNumber) || pageNumber < 1) errors.page = 'Page: the page number must be a whole number from 1; showing page 1';
    const query = {
      search: q?.trim().slice(0, 100) || undefined,
      status: isApplicationStatus(status) ? status : undefined,
      flag: isFlagFilter(flag) ? flag : undefined,
      page: errors.page ? 1 : pageNumber,
      pageSize: options.pageSize ?? inboxPageSize,
    };
    const { applications, total } = await recruiters.listApplications(query);
    return html(reply, Object.keys(errors).length > 0 ? 400 : 200, renderInboxPage({ context: pageContext(session), query, applications, total, errors }));
  });

  async function applicationOr404(reference: string, reply: FastifyReply, session: SignedIn): Promise<StoredApplication | undefined> {
    const application = await store.findByReference(reference);
    if (!application) {
      html(reply, 404, renderMessagePage({ context: pageContext(session), title: 'No such application', text: `There is no application with the reference ${reference}.` }));
    }
    return application;
  }

  const audit = (application: StoredApplication, session: SignedIn, action: Parameters<RecruiterStore['addAudit']>[0]['action'], detail?: Record<string, unknown>) =>
    recruiters.addAudit({ applicationId: application.id, recruiterEmail: session.recruiter.email, action, at: now(), ...(detail ? { detail } : {}) });

  async function showApplication(
    reply: FastifyReply,
    session: SignedIn,
    application: StoredApplication,
    extra: { status?: number; revealSsn?: boolean; message?: string; statusForm?: Parameters<typeof renderApplicationPage>[0]['statusForm'] } = {},
  ) {
    const page = renderApplicationPage({
      context: { ...pageContext(session), session: { email: session.recruiter.email, csrf: session.csrf } },
      application,
      document: documentWithSsn(application, encryptionKey),
      revealSsn: extra.revealSsn ?? false,
      audit: await recruiters.auditOf(application.id),
      ...(extra.message ? { message: extra.message } : {}),
      ...(extra.statusForm ? { statusForm: extra.statusForm } : {}),
    });
    return html(reply, extra.status ?? 200, page);
  }

  route<{ reference: string }>(applicationRoute, async (request, reply, session) => {
    const application = await applicationOr404(request.params.reference, reply, session);
    if (!application) return reply;
    await audit(application, session, 'view');
    const message = request.query.saved === 'status' ? `Status saved: ${statusLabels[application.status]}.` : undefined;
    return showApplication(reply, session, application, message ? { message } : {});
  });

  route<{ reference: string }>(ssnRoute, async (request, reply, session) => {
    const application = await applicationOr404(request.params.reference, reply, session);
    if (!application) return reply;
    await audit(application, session, 'ssn-reveal');
    return showApplication(reply, session, application, { revealSsn: true, message: 'The full Social Security Number is shown below. This was recorded in the audit log.' });
  });

  route<{ reference: string }>(statusRoute, async (request, reply, session) => {
    const application = await applicationOr404(request.params.reference, reply, session);
    if (!application) return reply;
    const status = request.body?.status ?? '';
    const note = (request.body?.note ?? '').trim();
    const errors = {
      ...(isApplicationStatus(status) ? {} : { status: 'Status: choose New, Reviewed, Contacted, Hired or Declined' }),
      ...(note.length > maxNoteLength ? { note: `Note: at most ${maxNoteLength} characters (this one has ${note.length})` } : {}),
    };
    if (!isApplicationStatus(status) || errors.note) {
      return showApplication(reply, session, application, { status: 400, statusForm: { status, note, errors } });
    }
    await recruiters.setStatus(application.id, status, note || null, now());
    await audit(application, session, 'status-change', { from: application.status, to: status, ...(note ? { note } : {}) });
    return reply.redirect(`${recruiterPaths.application(application.reference)}?saved=status`, 303);
  });

  route<{ reference: string }>(pdfRoute, async (request, reply, session) => {
    const application = await applicationOr404(request.params.reference, reply, session);
    if (!application) return reply;
    await audit(application, session, 'pdf-download');
    const pdf = await applicationPdf(application, encryptionKey, carrier, 'full');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${applicantCopyFileName(application.reference)}"`)
      .send(Buffer.from(pdf));
  });

  route<{ reference: string }>(jsonRoute, async (request, reply, session) => {
    const application = await applicationOr404(request.params.reference, reply, session);
    if (!application) return reply;
    await audit(application, session, 'json-export');
    const exported = {
      reference: application.reference,
      submittedAt: application.submittedAt.toISOString(),
      status: application.status,
      statusNote: application.statusNote,
      flags: application.flags,
      application: documentWithSsn(application, encryptionKey),
    };
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${applicantCopyFileName(application.reference).replace(/\.pdf$/, '.json')}"`)
      .send(JSON.stringify(exported, null, 2));
  });

  route(unknownRoute, async (_request, reply, session) =>
    html(reply, 404, renderMessagePage({ context: pageContext(session), title: 'Page not found', text: 'There is no such page in the recruiting inbox.' })),
  );
}
