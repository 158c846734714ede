import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';
import { hashToken } from '../crypto/tokens.ts';
import type { Recruiter, RecruiterStore } from '../db/recruiter-store.ts';

/**
 * Recruiter sign-in (issue 9): Argon2id password hashes, lockout after repeated failures, session
 * tokens stored only hashed, CSRF tokens bound to the session. Reasoning: docs/recruiter.md.
 */

/** OWASP's Argon2id setting (19 MiB, 2 passes, 1 lane): about 20–50 ms per hash on a server core. */
// 2 is Algorithm.Argon2id, a const enum that isolated modules cannot read.
const argon2Options: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const minPasswordLength = 12;
export const maxPasswordLength = 200;

export function passwordProblem(password: string): string | undefined {
  if (password.length < minPasswordLength) return `The password must be at least ${minPasswordLength} characters`;
  if (password.length > maxPasswordLength) return `The password must be at most ${maxPasswordLength} characters`;
  return undefined;
}

export async function hashPassword(password: string): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem);
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** 20 characters from an unambiguous alphabet (about 113 bits): the one-time password the command line prints. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 20 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** Failures in a row that lock an email, and the first lock; each further round of failures doubles it. */
export const lockoutPolicy = { failuresPerLock: 5, firstLockMs: 15 * 60 * 1000, longestLockMs: 24 * 60 * 60 * 1000 };

export function lockDuration(failures: number): number | undefined {
  if (failures === 0 || failures % lockoutPolicy.failuresPerLock !== 0) return undefined;
  const round = failures / lockoutPolicy.failuresPerLock;
  return Math.min(lockoutPolicy.longestLockMs, lockoutPolicy.firstLockMs * 2 ** (round - 1));
}

export type SignInResult = { ok: true; recruiter: Recruiter } | { ok: false; reason: 'wrong' } | { ok: false; reason: 'locked'; lockedUntil: Date };

let dummyHash: Promise<string> | undefined;

/**
 * Checks an email and password. Failures count per email typed, whether an account has it or not,
 * and an unknown email costs one hash like a known one: neither answer nor timing tells which
 * emails have accounts. While locked, the password is not even checked.
 */
export async function signIn(store: RecruiterStore, email: string, password: string, now: Date): Promise<SignInResult> {
  const failure = await store.signInFailure(email);
  if (failure.lockedUntil && failure.lockedUntil.getTime() > now.getTime()) return { ok: false, reason: 'locked', lockedUntil: failure.lockedUntil };

  const recruiter = await store.findRecruiter(email);
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const valid = await verifyPassword(recruiter?.passwordHash ?? (await dummyHash), password);
  if (recruiter && valid) {
    await store.clearFailures(email);
    await store.recordSignIn(recruiter.id, now);
    return { ok: true, recruiter };
  }
  const failures = failure.failures + 1;
  const lockMs = lockDuration(failures);
  const lockedUntil = lockMs === undefined ? null : new Date(now.getTime() + lockMs);
  await store.recordFailure(email, failures, now, lockedUntil);
  return lockedUntil ? { ok: false, reason: 'locked', lockedUntil } : { ok: false, reason: 'wrong' };
}

/** A session's secret: 32 random bytes, base64url, in the cookie only; the database keeps `hashToken` of it. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export { hashToken };

/**
 * The CSRF token of a form: an HMAC of what binds it (the session token when signed in, the sign-in
 * form's own cookie before) under the server's CSRF key. A page of another site can read neither.
 */
export function csrfToken(key: Buffer, binding: string): string {
  return createHmac('sha256', key).update(`csrf|${binding}`).digest('base64url');
}

export function isValidCsrfToken(key: Buffer, binding: string, token: unknown): boolean {
  if (typeof token !== 'string' || binding === '') return false;
  const expected = Buffer.from(csrfToken(key, binding));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
