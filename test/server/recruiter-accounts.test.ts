// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword, lockoutPolicy, verifyPassword } from '../../server/recruiter/recruiter-auth.ts';
import { defaultSessionIdleMs, formCookie, protectedRecruiterRoutes, sessionCookie } from '../../server/recruiter/recruiter-routes.ts';
import { hashToken } from '../../server/crypto/tokens.ts';
import { availableBackends } from '../support/postgres.ts';
import { Browser, csrfOf, parse, recruiterEmail, recruiterHarness, recruiterPassword, submit, type RecruiterHarness } from './recruiter-support.ts';

const backends = availableBackends();

function advance(h: RecruiterHarness, ms: number) {
  h.clock.now = new Date(h.clock.now.getTime() + ms);
}

describe('password hashing', () => {
  it('stores an Argon2id hash that never contains the password, salted afresh each time', async () => {
    const first = await hashPassword(recruiterPassword);
    const second = await hashPassword(recruiterPassword);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toContain(recruiterPassword);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, recruiterPassword)).toBe(true);
    expect(await verifyPassword(first, `${recruiterPassword} `)).toBe(false);
    expect(await verifyPassword('not a hash', recruiterPassword)).toBe(false);
  });

  it('refuses a password shorter than 12 characters', async () => {
    await expect(hashPassword('short-pass1')).rejects.toThrow('at least 12 characters');
  });
});

describe.each(backends)('recruiter sign-in on $name', (backend) => {
  let h: RecruiterHarness;
  let browser: Browser;
  beforeEach(async () => {
    h = await recruiterHarness(backend);
    browser = new Browser(h.server);
  });
  afterEach(async () => {
    await h.close();
  });

  it('keeps only the hash in the database, never the password', async () => {
    const { rows } = { rows: await h.database.db.selectFrom('recruiters').selectAll().execute() };
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe(recruiterEmail);
    expect(JSON.stringify(rows)).not.toContain(recruiterPassword);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('signs in with the right password: an HttpOnly, SameSite=Strict session cookie whose token is stored only hashed', async () => {
    const response = await browser.signIn();
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/recruiter');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`${sessionCookie}=[A-Za-z0-9_-]{43}; Path=/recruiter; HttpOnly; SameSite=Strict`));
    expect(cookie).not.toContain('Secure');
    const token = browser.cookies.get(sessionCookie) ?? '';
    const sessions = await h.database.db.selectFrom('recruiter_sessions').selectAll().execute();
    expect(sessions.map((session) => session.token_hash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(sessions)).not.toContain(token);

    const inbox = await browser.get('/recruiter');
    expect(inbox.statusCode).toBe(200);
    expect(parse(inbox.body).querySelector('h1')?.textContent).toBe('Applications');
    expect(inbox.headers['cache-control']).toBe('no-store');
  });

  it('refuses a wrong password or an unknown email with the same message, and keeps the email typed', async () => {
    for (const [email, password] of [[recruiterEmail, 'wrong password here'], ['nobody@example.com', recruiterPassword]] as const) {
      const response = await browser.signIn(email, password);
      expect(response.statusCode).toBe(401);
      const page = parse(response.body);
      expect(page.querySelector('[role="alert"]')?.textContent).toContain('The email address or password is not right.');
      expect(page.querySelector<HTMLInputElement>('input[name="email"]')?.value).toBe(email);
      expect(browser.cookies.has(sessionCookie)).toBe(false);
    }
  });

  it('names each missing field', async () => {
    const form = await browser.get('/recruiter/login');
    const response = await browser.post('/recruiter/login', { _csrf: csrfOf(form.body), email: '', password: '' });
    expect(response.statusCode).toBe(400);
    const page = parse(response.body);
    expect(page.querySelector('input[name="email"]')?.getAttribute('aria-invalid')).toBe('true');
    expect(page.body.textContent).toContain('Enter your email address');
    expect(page.body.textContent).toContain('Enter your password');
  });

  it('locks an email after repeated failures, even against the right password, for a time that doubles with each round', async () => {
    for (let attempt = 1; attempt < lockoutPolicy.failuresPerLock; attempt += 1) {
      expect((await browser.signIn(recruiterEmail, 'wrong password here')).statusCode).toBe(401);
    }
    const locking = await browser.signIn(recruiterEmail, 'wrong password here');
    expect(locking.statusCode).toBe(429);
    expect(locking.body).toContain('Too many failed sign-ins for this email address. Try again after 15 July 2024, 15:15 UTC.');
    expect((await browser.signIn()).statusCode).toBe(429);

    advance(h, lockoutPolicy.firstLockMs - 1000);
    expect((await browser.signIn()).statusCode).toBe(429);
    advance(h, 2000);
    // The lock is over, but the count goes on: the next round of failures locks for twice as long.
    for (let attempt = 1; attempt < lockoutPolicy.failuresPerLock; attempt += 1) await browser.signIn(recruiterEmail, 'wrong password here');
    const second = await browser.signIn(recruiterEmail, 'wrong password here');
    expect(second.statusCode).toBe(429);
    expect(second.body).toContain('Try again after 15 July 2024, 15:45 UTC.');
    advance(h, 2 * lockoutPolicy.firstLockMs + 1000);
    expect((await browser.signIn()).statusCode).toBe(303);
    expect(await h.recruiters.signInFailure(recruiterEmail)).toEqual({ failures: 0, lockedUntil: null });
  });

  it('locks an unknown email the same way, so a lockout tells nothing about which accounts exist', async () => {
    for (let attempt = 1; attempt <= lockoutPolicy.failuresPerLock; attempt += 1) await browser.signIn('nobody@example.com', 'whatever password');
    const response = await browser.signIn('nobody@example.com', 'whatever password');
    expect(response.statusCode).toBe(429);
    expect(response.body).toContain('Too many failed sign-ins for this email address.');
  });

  it('ends a session after the inactivity timeout, and keeps an active one going', async () => {
    await browser.signIn();
    advance(h, defaultSessionIdleMs - 1000);
    expect((await browser.get('/recruiter')).statusCode).toBe(200);
    advance(h, defaultSessionIdleMs - 1000);
    expect((await browser.get('/recruiter')).statusCode).toBe(200);

    advance(h, defaultSessionIdleMs + 1000);
    const expired = await browser.get('/recruiter');
    expect(expired.statusCode).toBe(303);
    expect(expired.headers.location).toBe('/recruiter/login?next=%2Frecruiter&reason=expired');
    expect(browser.cookies.has(sessionCookie)).toBe(false);
    expect(await h.database.db.selectFrom('recruiter_sessions').selectAll().execute()).toEqual([]);
    const form = await browser.get(String(expired.headers.location));
    expect(parse(form.body).querySelector('[role="status"]')?.textContent).toBe('You were signed out after 30 minutes without activity. Sign in again to continue.');
  });

  it('signs out: the session is deleted and its cookie no longer opens anything', async () => {
    await browser.signIn();
    const token = browser.cookies.get(sessionCookie) ?? '';
    const inbox = await browser.get('/recruiter');
    const response = await browser.post('/recruiter/logout', { _csrf: csrfOf(inbox.body) });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/recruiter/login?reason=signed-out');
    expect(browser.cookies.has(sessionCookie)).toBe(false);
    expect(await h.database.db.selectFrom('recruiter_sessions').selectAll().execute()).toEqual([]);

    const replayed = new Browser(h.server);
    replayed.cookies.set(sessionCookie, token);
    expect((await replayed.get('/recruiter')).statusCode).toBe(303);
  });

  it('sends the session cookie only over HTTPS in production', async () => {
    const production = await recruiterHarness(backend, { production: true });
    try {
      const response = await new Browser(production.server).signIn();
      expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly; Secure; SameSite=Strict/);
    } finally {
      await production.close();
    }
  });

  describe('CSRF', () => {
    let reference: string;
    let statusUrl: string;
    beforeEach(async () => {
      reference = await submit(h.server);
      statusUrl = `/recruiter/applications/${reference}/status`;
      await browser.signIn();
    });

    async function statusOf() {
      return (await h.store.findByReference(reference))?.status;
    }

    it('refuses a state change without the form’s token, with another session’s token, or with a wrong one', async () => {
      const other = new Browser(h.server);
      await other.signIn();
      const othersToken = csrfOf((await other.get('/recruiter')).body);
      const forms: Record<string, string>[] = [{ status: 'hired' }, { status: 'hired', _csrf: othersToken }, { status: 'hired', _csrf: 'x'.repeat(43) }];
      for (const form of forms) {
        const response = await browser.post(statusUrl, form);
        expect(response.statusCode).toBe(403);
        expect(parse(response.body).querySelector('h1')?.textContent).toBe('The form could not be accepted');
      }
      expect(await statusOf()).toBe('new');
    });

    it('refuses a state change from another origin even with the right token', async () => {
      const token = csrfOf((await browser.get('/recruiter')).body);
      expect((await browser.post(statusUrl, { status: 'hired', _csrf: token }, { origin: 'https://evil.example' })).statusCode).toBe(403);
      expect((await browser.post(statusUrl, { status: 'hired', _csrf: token }, { origin: 'null', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
      expect((await browser.post(statusUrl, { status: 'hired', _csrf: token }, { origin: 'null' })).statusCode).toBe(403);
      expect(await statusOf()).toBe('new');
      expect((await browser.post(statusUrl, { status: 'hired', _csrf: token })).statusCode).toBe(303);
      expect((await browser.post(statusUrl, { status: 'reviewed', _csrf: token }, { origin: 'https://apply.example.com' })).statusCode).toBe(303);
      expect((await browser.post(statusUrl, { status: 'declined', _csrf: token }, { origin: 'null', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(303);
      expect((await browser.post(statusUrl, { status: 'reviewed', _csrf: token }, { origin: 'null', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(303);
      expect(await statusOf()).toBe('reviewed');
    });

    it('refuses sign-out and sign-in without their tokens', async () => {
      expect((await browser.post('/recruiter/logout', {})).statusCode).toBe(403);
      expect((await browser.get('/recruiter')).statusCode).toBe(200);
      const fresh = new Browser(h.server);
      await fresh.get('/recruiter/login');
      expect(fresh.cookies.has(formCookie)).toBe(true);
      const response = await fresh.post('/recruiter/login', { email: recruiterEmail, password: recruiterPassword });
      expect(response.statusCode).toBe(403);
      expect(fresh.cookies.has(sessionCookie)).toBe(false);
    });
  });

  describe('every recruiter endpoint refuses an anonymous or expired session', () => {
    let reference: string;
    const urlOf = (url: string) => url.replace(':reference', reference).replace('*', 'anything');
    beforeEach(async () => {
      reference = await submit(h.server);
    });

    it.each(protectedRecruiterRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', async (_name, route) => {
      const expectRefused = async (client: Browser, reason: string) => {
        const response = await client.request({ method: route.method, url: urlOf(route.url), ...(route.method === 'POST' ? { form: { status: 'hired' } } : {}) });
        if (route.access === 'page') {
          expect(response.statusCode).toBe(303);
          expect(response.headers.location).toBe(`/recruiter/login?${new URLSearchParams({ next: urlOf(route.url), ...(reason ? { reason } : {}) })}`);
        } else {
          expect(response.statusCode).toBe(401);
          expect([...parse(response.body).querySelectorAll('main a')].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
            ['Sign in again', '/recruiter/login'],
          ]);
        }
        expect(response.body).not.toContain('123-45-6789');
        expect(response.body).not.toContain('Alvarez');
      };
      await expectRefused(new Browser(h.server), '');

      const expired = new Browser(h.server);
      await expired.signIn();
      advance(h, defaultSessionIdleMs + 1000);
      await expectRefused(expired, 'expired');
      expect(await h.store.findByReference(reference).then((row) => row?.status)).toBe('new');
      expect(await h.recruiters.auditOf((await h.store.findByReference(reference))?.id ?? '')).toEqual([]);
    });
  });
});
