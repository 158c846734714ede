import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The SSN at rest (decision 31): AES-256-GCM, a fresh random 12-byte IV per value, the 16-byte tag
 * checked on every read. Stored as `v1:<iv base64>:<tag base64>:<ciphertext base64>`; the version
 * prefix leaves room for another algorithm or key without guessing at old values. The prefix is also
 * authenticated (additional data), so a value cannot be relabelled.
 *
 * Nothing here logs, and no error message contains an SSN or a key.
 */

const algorithm = 'aes-256-gcm';
const version = 'v1';
const ivBytes = 12;
const tagBytes = 16;
export const encryptionKeyBytes = 32;
export const encryptionKeyEnv = 'APP_ENCRYPTION_KEY';
export const devKeyFileName = 'encryption.key';
const additionalData = Buffer.from(`ssn:${version}`, 'utf8');

function assertKey(key: Buffer): void {
  if (!Buffer.isBuffer(key) || key.length !== encryptionKeyBytes) {
    throw new Error(`The SSN encryption key must be ${encryptionKeyBytes} bytes`);
  }
}

/** `ssn` encrypted with `key` (32 bytes), as `v1:<iv>:<tag>:<ciphertext>` (base64 parts). */
export function encryptSsn(ssn: string, key: Buffer): string {
  assertKey(key);
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv(algorithm, key, iv, { authTagLength: tagBytes });
  cipher.setAAD(additionalData);
  const ciphertext = Buffer.concat([cipher.update(ssn, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [version, iv.toString('base64'), tag.toString('base64'), ciphertext.toString('base64')].join(':');
}

const base64Part = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The SSN in `payload`. Throws when the payload is not a `v1` value, was changed, or was encrypted
 * with another key (GCM authentication fails; the message says so without revealing anything).
 */
export function decryptSsn(payload: string, key: Buffer): string {
  assertKey(key);
  const parts = typeof payload === 'string' ? payload.split(':') : [];
  const [prefix, ivText, tagText, ciphertextText] = parts;
  if (parts.length !== 4 || prefix !== version || ivText === undefined || tagText === undefined || ciphertextText === undefined) {
    throw new Error('Unsupported SSN ciphertext format (expected v1:<iv>:<tag>:<ciphertext>)');
  }
  if (![ivText, tagText, ciphertextText].every((part) => base64Part.test(part))) {
    throw new Error('Malformed SSN ciphertext: its parts must be base64');
  }
  const iv = Buffer.from(ivText, 'base64');
  const tag = Buffer.from(tagText, 'base64');
  if (iv.length !== ivBytes || tag.length !== tagBytes) throw new Error('Malformed SSN ciphertext: wrong IV or tag length');
  const decipher = createDecipheriv(algorithm, key, iv, { authTagLength: tagBytes });
  decipher.setAAD(additionalData);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('The SSN could not be decrypted: wrong encryption key, or the stored value was changed');
  }
}

/** How to make a key, for error messages and the README. */
export const keyGenerationHint = `Generate one with \`openssl rand -base64 32\` (or \`node -e "console.log(require('crypto').randomBytes(32).toString('base64'))"\`).`;

/**
 * A 32-byte key from its text: 64 hex characters, or base64 (standard or URL-safe, padding
 * optional). `source` names where the text came from in the error; the text itself is never shown.
 */
export function parseEncryptionKey(text: string, source: string = encryptionKeyEnv): Buffer {
  const value = text.trim();
  let key: Buffer | undefined;
  if (/^[0-9a-fA-F]{64}$/.test(value)) {
    key = Buffer.from(value, 'hex');
  } else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) {
    key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  }
  if (!key || key.length !== encryptionKeyBytes) {
    const looksHex = /^[0-9a-fA-F]+$/.test(value) && value.length % 2 === 0;
    const got = looksHex
      ? `it is ${value.length} hex characters (${value.length / 2} bytes)`
      : key
        ? `it decodes to ${key.length} bytes`
        : 'it is neither base64 nor hex';
    throw new Error(
      `${source} must be ${encryptionKeyBytes} bytes, written as base64 (44 characters) or as 64 hex characters, but ${got}. ${keyGenerationHint}`,
    );
  }
  return key;
}

export interface LoadEncryptionKeyOptions {
  /** Usually `process.env`. */
  env: Readonly<Record<string, string | undefined>>;
  /** Where a development key is kept (`<dataDir>/encryption.key`). */
  dataDir: string;
  /** In production the key must come from the environment. */
  production: boolean;
}

export interface LoadedEncryptionKey {
  key: Buffer;
  /** `env`: APP_ENCRYPTION_KEY; `generated`: a new development key file; `file`: an existing one. */
  source: 'env' | 'generated' | 'file';
  /** Set for a development key: for the caller to log (this module never logs). */
  warning?: string;
}

/**
 * The key for SSNs: `APP_ENCRYPTION_KEY` when set (a wrong length is an error); otherwise, in
 * development, the key in `<dataDir>/encryption.key`, generated there (mode 0600) the first time;
 * in production, an error saying what to set and how to generate it.
 */
export function loadEncryptionKey({ env, dataDir, production }: LoadEncryptionKeyOptions): LoadedEncryptionKey {
  const fromEnv = env[encryptionKeyEnv];
  if (fromEnv !== undefined && fromEnv.trim() !== '') return { key: parseEncryptionKey(fromEnv), source: 'env' };

  if (production) {
    throw new Error(
      `${encryptionKeyEnv} is not set. In production the key that encrypts Social Security Numbers must come from the environment: ` +
        `set ${encryptionKeyEnv} to 32 random bytes in base64. ${keyGenerationHint} ` +
        'Keep it in your secret store and back it up: stored applications cannot be read without it.',
    );
  }

  const path = join(dataDir, devKeyFileName);
  const devNote = `Set ${encryptionKeyEnv} for production (the server refuses to start there without it).`;
  let existing: string | undefined;
  try {
    existing = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (existing !== undefined) {
    const key = parseEncryptionKey(existing, path);
    chmodSync(path, 0o600);
    return { key, source: 'file', warning: `${encryptionKeyEnv} is not set: using the development encryption key in ${path}. ${devNote}` };
  }

  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(encryptionKeyBytes);
  try {
    // `wx`: if another process created the file meanwhile, use its key rather than overwrite it.
    writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadEncryptionKey({ env, dataDir, production });
    throw error;
  }
  chmodSync(path, 0o600); // the umask may have narrowed it further, never widened; make it exact
  return {
    key,
    source: 'generated',
    warning: `${encryptionKeyEnv} is not set: generated a development encryption key in ${path} (mode 0600). Losing it makes stored SSNs unreadable. ${devNote}`,
  };
}
