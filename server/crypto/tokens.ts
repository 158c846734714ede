import { createHash, randomBytes } from 'node:crypto';

/**
 * Random identifiers the applicant sees: the application's reference and the PDF download token.
 */

/** 32 characters without 0/O/1/I, so a reference read aloud or copied by hand stays right. */
export const referenceAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const referencePrefix = 'BRF-';
export const referenceLength = 8;
export const referencePattern = new RegExp(`^${referencePrefix}[${referenceAlphabet}]{${referenceLength}}$`);

/** `BRF-` and 8 characters of `referenceAlphabet` from crypto random bytes (40 bits, no bias: 256 = 8 × 32). */
export function newReference(): string {
  const bytes = randomBytes(referenceLength);
  let text = referencePrefix;
  for (const byte of bytes) text += referenceAlphabet[byte % referenceAlphabet.length];
  return text;
}

/** A reference as typed by a person (`brf-abcd2345 `) in its stored form. */
export function normalizeReference(text: string): string {
  return text.trim().toUpperCase();
}

/** A download token: 32 random bytes, base64url. Only its hash is stored. */
export function newDownloadToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a token: what the database holds and is searched by. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
