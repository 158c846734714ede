// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decryptSsn, encryptSsn, loadEncryptionKey, parseEncryptionKey } from '../../server/crypto/ssn-cipher.ts';

const ssn = '123-45-6789';
const key = randomBytes(32);

/** `payload` with one byte of its `part`-th base64 part (1 = IV, 2 = tag, 3 = ciphertext) flipped. */
function tamper(payload: string, part: 1 | 2 | 3): string {
  const parts = payload.split(':');
  const bytes = Buffer.from(parts[part] ?? '', 'base64');
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  parts[part] = bytes.toString('base64');
  return parts.join(':');
}

describe('SSN encryption (AES-256-GCM)', () => {
  it('round-trips', () => {
    expect(decryptSsn(encryptSsn(ssn, key), key)).toBe(ssn);
    expect(decryptSsn(encryptSsn('123 456 789', key), key)).toBe('123 456 789');
    expect(decryptSsn(encryptSsn('', key), key)).toBe('');
  });

  it('writes v1:<iv>:<tag>:<ciphertext> with a 12-byte IV and a 16-byte tag, and no SSN in sight', () => {
    const payload = encryptSsn(ssn, key);
    const [version, iv, tag, ciphertext, ...rest] = payload.split(':');
    expect(version).toBe('v1');
    expect(rest).toEqual([]);
    expect(Buffer.from(iv ?? '', 'base64')).toHaveLength(12);
    expect(Buffer.from(tag ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(ciphertext ?? '', 'base64')).toHaveLength(ssn.length);
    expect(payload).not.toContain('6789');
  });

  it('uses a random IV: the same SSN encrypts differently every time', () => {
    const payloads = Array.from({ length: 50 }, () => encryptSsn(ssn, key));
    expect(new Set(payloads).size).toBe(50);
    expect(new Set(payloads.map((payload) => payload.split(':')[1])).size).toBe(50);
  });

  it('refuses a changed IV, tag or ciphertext', () => {
    const payload = encryptSsn(ssn, key);
    for (const part of [1, 2, 3] as const) {
      expect(() => decryptSsn(tamper(payload, part), key)).toThrow('The SSN could not be decrypted: wrong encryption key, or the stored value was changed');
    }
  });

  it('refuses a truncated tag, another version, and things that are not a payload', () => {
    const [version, iv, tag, ciphertext] = encryptSsn(ssn, key).split(':');
    const shortTag = Buffer.from(tag ?? '', 'base64').subarray(0, 4).toString('base64');
    expect(() => decryptSsn([version, iv, shortTag, ciphertext].join(':'), key)).toThrow(/wrong IV or tag length/);
    expect(() => decryptSsn(['v2', iv, tag, ciphertext].join(':'), key)).toThrow(/Unsupported SSN ciphertext format/);
    expect(() => decryptSsn(ssn, key)).toThrow(/Unsupported SSN ciphertext format/);
    expect(() => decryptSsn('v1:***:***:***', key)).toThrow(/base64/);
  });

  it('refuses the wrong key, without revealing anything', () => {
    const payload = encryptSsn(ssn, key);
    let message = '';
    try {
      decryptSsn(payload, randomBytes(32));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('The SSN could not be decrypted: wrong encryption key, or the stored value was changed');
  });

  it('needs a 32-byte key', () => {
    expect(() => encryptSsn(ssn, randomBytes(16))).toThrow(/must be 32 bytes/);
    expect(() => decryptSsn(encryptSsn(ssn, key), randomBytes(31))).toThrow(/must be 32 bytes/);
  });
});

describe('loading the encryption key', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'key-test-'));
  });

  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads APP_ENCRYPTION_KEY as base64 (standard or URL-safe, padded or not)', () => {
    const bytes = randomBytes(32);
    for (const text of [bytes.toString('base64'), bytes.toString('base64url'), ` ${bytes.toString('base64')}\n`]) {
      const loaded = loadEncryptionKey({ env: { APP_ENCRYPTION_KEY: text }, dataDir, production: true });
      expect(loaded.key.equals(bytes)).toBe(true);
      expect(loaded.source).toBe('env');
      expect(loaded.warning).toBeUndefined();
    }
  });

  it('reads APP_ENCRYPTION_KEY as 64 hex characters', () => {
    const bytes = randomBytes(32);
    for (const text of [bytes.toString('hex'), bytes.toString('hex').toUpperCase()]) {
      expect(loadEncryptionKey({ env: { APP_ENCRYPTION_KEY: text }, dataDir, production: false }).key.equals(bytes)).toBe(true);
    }
  });

  it('says what is wrong with a key of the wrong length, without echoing it', () => {
    const short = randomBytes(16).toString('base64');
    const load = (text: string) => () => loadEncryptionKey({ env: { APP_ENCRYPTION_KEY: text }, dataDir, production: true });
    expect(load(short)).toThrow(
      'APP_ENCRYPTION_KEY must be 32 bytes, written as base64 (44 characters) or as 64 hex characters, but it decodes to 16 bytes.',
    );
    expect(load(short)).toThrow(/openssl rand -base64 32/);
    expect(load(randomBytes(31).toString('hex'))).toThrow(/it is 62 hex characters \(31 bytes\)/);
    expect(load('not a key!')).toThrow(/neither base64 nor hex/);
    try {
      load(short)();
    } catch (error) {
      expect((error as Error).message).not.toContain(short);
    }
    expect(() => parseEncryptionKey(randomBytes(33).toString('base64'))).toThrow(/decodes to 33 bytes/);
  });

  it('in development without a key, generates one into <dataDir>/encryption.key (mode 0600) and reuses it', () => {
    const keyDir = join(dataDir, 'nested', 'data');
    const first = loadEncryptionKey({ env: {}, dataDir: keyDir, production: false });
    const path = join(keyDir, 'encryption.key');
    expect(first.source).toBe('generated');
    expect(first.key).toHaveLength(32);
    expect(first.warning).toMatch(/APP_ENCRYPTION_KEY is not set: generated a development encryption key in .*encryption\.key/);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64').equals(first.key)).toBe(true);

    const second = loadEncryptionKey({ env: { APP_ENCRYPTION_KEY: '' }, dataDir: keyDir, production: false });
    expect(second.source).toBe('file');
    expect(second.key.equals(first.key)).toBe(true);
    expect(second.warning).toMatch(/using the development encryption key/);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(decryptSsn(encryptSsn(ssn, first.key), second.key)).toBe(ssn);
  });

  it('refuses a development key file that is not a key', () => {
    writeFileSync(join(dataDir, 'encryption.key'), 'garbage', { mode: 0o600 });
    expect(() => loadEncryptionKey({ env: {}, dataDir, production: false })).toThrow(/encryption\.key must be 32 bytes/);
  });

  it('in production without a key, refuses to start and says what to set and how to make one', () => {
    writeFileSync(join(dataDir, 'encryption.key'), `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    const load = () => loadEncryptionKey({ env: {}, dataDir, production: true });
    expect(load).toThrow(/^APP_ENCRYPTION_KEY is not set\./);
    expect(load).toThrow('set APP_ENCRYPTION_KEY to 32 random bytes in base64');
    expect(load).toThrow('`openssl rand -base64 32`');
    expect(() => loadEncryptionKey({ env: { APP_ENCRYPTION_KEY: '  ' }, dataDir, production: true })).toThrow(/^APP_ENCRYPTION_KEY is not set\./);
  });
});
