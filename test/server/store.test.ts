// @vitest-environment node
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDocumentOf, type ApplicationDocument } from '../../machines/form/application-document.ts';
import { decryptSsn, encryptSsn } from '../../server/crypto/ssn-cipher.ts';
import {
  createApplicationStore,
  hashToken,
  newDownloadToken,
  newReference,
  referencePattern,
  splitSsn,
  uniqueViolationColumn,
  type ApplicationStore,
  type NewApplication,
} from '../../server/db/application-store.ts';
import { migrateToLatest, migrations } from '../../server/db/migrations.ts';
import { availableBackends, sqliteBackend, type TestDatabase } from '../support/postgres.ts';
import { completeApplication } from '../support/sample-answers.ts';

const ssn = '123-45-6789';
const key = randomBytes(32);
const allMigrations = Object.keys(migrations).sort();

function completeDocument(): ApplicationDocument {
  return applicationDocumentOf(completeApplication().actor.getSnapshot().context);
}
const fullDocument = completeDocument();

function newApplication(overrides: Partial<NewApplication> = {}): NewApplication & { token: string } {
  const split = splitSsn(fullDocument);
  const token = newDownloadToken();
  return {
    token,
    submittedAt: new Date('2026-11-21T09:30:00.123Z'),
    clientIp: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (test)',
    document: split.document,
    ssnCiphertext: encryptSsn(split.ssn ?? '', key),
    idempotencyKey: randomUUID(),
    downloadTokenHash: hashToken(token),
    downloadExpiresAt: new Date('2026-11-22T09:30:00.123Z'),
    copyEmail: 'maria.alvarez@example.com',
    ...overrides,
  };
}

describe('the sample document', () => {
  it('holds the SSN the store must never keep in clear', () => {
    expect(fullDocument.answers.personal?.ssn).toBe(ssn);
    const { document, ssn: taken } = splitSsn(fullDocument);
    expect(taken).toBe(ssn);
    expect(document.answers.personal).not.toHaveProperty('ssn');
    expect(JSON.stringify(document)).not.toContain(ssn);
    expect(fullDocument.answers.personal?.ssn).toBe(ssn); // the original is left alone
  });
});

describe('references and download tokens', () => {
  it('references are BRF- and 8 unambiguous characters, unique over 1,000', () => {
    const references = Array.from({ length: 1000 }, () => newReference());
    for (const reference of references) {
      expect(reference).toMatch(referencePattern);
      expect(reference).toMatch(/^BRF-[A-Z2-9]{8}$/);
      expect(reference.slice(4)).not.toMatch(/[01OI]/);
    }
    expect(new Set(references).size).toBe(1000);
  });

  it('download tokens are 32 random bytes in base64url, hashed with SHA-256 (hex)', () => {
    const token = newDownloadToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newDownloadToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe.each(availableBackends())('the application store on $name', (backend) => {
  let database: TestDatabase;
  let store: ApplicationStore;
  let firstRun: string[];
  let secondRun: string[];

  beforeAll(async () => {
    database = await backend.open();
    firstRun = await migrateToLatest(database.db);
    secondRun = await migrateToLatest(database.db);
    store = createApplicationStore(database.db);
  });

  afterAll(async () => {
    await database?.close();
  });

  describe('migrations', () => {
    it('create the schema on an empty database, and running them again changes nothing', async () => {
      expect(firstRun).toEqual(allMigrations);
      expect(secondRun).toEqual([]);
      expect(await store.countApplications()).toBe(0);
      const tables = await database.db.introspection.getTables();
      const applications = tables.find((table) => table.name === 'applications');
      expect(applications?.columns.map((column) => column.name).sort()).toEqual(
        [
          'id', 'reference', 'submitted_at', 'client_ip', 'user_agent', 'document_version', 'document', 'ssn_ciphertext', 'idempotency_key',
          'download_token_hash', 'download_expires_at', 'copy_email', 'copy_state', 'copy_attempts', 'copy_last_error', 'copy_updated_at',
          'status', 'status_note', 'status_updated_at', 'applicant_name', 'flags',
          'flag_under_21', 'flag_dui', 'flag_accidents', 'flag_violations', 'flag_drug_test',
        ].sort(),
      );
    });

    it('throw naming the failed migration and the cause', async () => {
      const broken = await backend.open();
      try {
        await sql`create table applications (id text primary key)`.execute(broken.db);
        await expect(migrateToLatest(broken.db)).rejects.toThrow(
          /^Database migration failed: migration "2026_11_21_001_applications" failed: .*already exists/,
        );
        const recorded = await sql<{ name: string }>`select name from kysely_migration`.execute(broken.db);
        expect(recorded.rows).toEqual([]);
      } finally {
        await broken.close();
      }
    });
  });

  describe('inserting', () => {
    it('stores the application and reads it back: document, encrypted SSN, times, copy state', async () => {
      const application = newApplication();
      const { replay, row } = await store.insertApplication(application);
      expect(replay).toBe(false);
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.reference).toMatch(referencePattern);

      const found = await store.findByReference(row.reference);
      expect(found).toEqual(row);
      expect(found).toMatchObject({
        submittedAt: application.submittedAt,
        clientIp: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (test)',
        documentVersion: 1,
        idempotencyKey: application.idempotencyKey,
        downloadTokenHash: application.downloadTokenHash,
        downloadExpiresAt: application.downloadExpiresAt,
        copyEmail: 'maria.alvarez@example.com',
        copyState: 'pending',
        copyAttempts: 0,
        copyLastError: null,
        copyUpdatedAt: application.submittedAt,
      });
      expect(found?.document).toEqual(JSON.parse(JSON.stringify(splitSsn(fullDocument).document)));
      expect(found?.document.answers.personal).not.toHaveProperty('ssn');
      expect(found?.document.answers.personal?.['last-name']).toBe('Alvarez');
      expect(decryptSsn(found?.ssnCiphertext ?? '', key)).toBe(ssn);

      const raw = await database.db.selectFrom('applications').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      for (const value of Object.values(raw)) {
        expect(String(value)).not.toContain(ssn);
        expect(String(value)).not.toContain('123456789');
      }
      expect(raw.submitted_at).toBe('2026-11-21T09:30:00.123Z');
    });

    it('finds by reference as a person types it (case, spaces)', async () => {
      const { row } = await store.insertApplication(newApplication());
      expect((await store.findByReference(`  ${row.reference.toLowerCase()} `))?.id).toBe(row.id);
      expect(await store.findByReference('BRF-ZZZZZZZZ')).toBeUndefined();
    });

    it('without a copy requested, the copy is not-requested', async () => {
      const { row } = await store.insertApplication(newApplication({ copyEmail: null }));
      expect(row).toMatchObject({ copyEmail: null, copyState: 'not-requested', copyAttempts: 0 });
    });

    it('refuses a document that still holds the SSN, and a plaintext SSN as the ciphertext', async () => {
      const before = await store.countApplications();
      await expect(store.insertApplication(newApplication({ document: fullDocument }))).rejects.toThrow(/contains the SSN/);
      await expect(store.insertApplication(newApplication({ ssnCiphertext: ssn }))).rejects.toThrow(/encryptSsn/);
      expect(await store.countApplications()).toBe(before);
    });

    it('the same idempotency key twice, one after the other: one row, and the second is a replay of the first', async () => {
      const before = await store.countApplications();
      const application = newApplication();
      const first = await store.insertApplication(application);
      const again = await store.insertApplication({ ...newApplication(), idempotencyKey: application.idempotencyKey });
      expect(first.replay).toBe(false);
      expect(again.replay).toBe(true);
      expect(again.row).toEqual(first.row);
      expect(await store.countApplications()).toBe(before + 1);
      expect((await store.findByIdempotencyKey(application.idempotencyKey))?.id).toBe(first.row.id);
      expect(await store.findByIdempotencyKey(randomUUID())).toBeUndefined();
    });

    it('the same idempotency key twice at once (a double click): one row, one insert and one replay', async () => {
      for (let round = 0; round < 5; round += 1) {
        const before = await store.countApplications();
        const idempotencyKey = randomUUID();
        const results = await Promise.all([
          store.insertApplication(newApplication({ idempotencyKey })),
          store.insertApplication(newApplication({ idempotencyKey })),
        ]);
        expect(results.map((result) => result.replay).sort()).toEqual([false, true]);
        expect(results[0]?.row.id).toBe(results[1]?.row.id);
        expect(await store.countApplications()).toBe(before + 1);
      }
    });

    it('draws a new reference when one is already taken', async () => {
      const references = ['BRF-22222222', 'BRF-22222222', 'BRF-33333333'];
      const forced = createApplicationStore(database.db, { newReference: () => references.shift() ?? newReference() });
      const first = await forced.insertApplication(newApplication());
      const second = await forced.insertApplication(newApplication());
      expect(first.row.reference).toBe('BRF-22222222');
      expect(second).toMatchObject({ replay: false, row: { reference: 'BRF-33333333' } });
    });

    it('recognises unique violations of each column from the driver’s error', async () => {
      const { row } = await store.insertApplication(newApplication());
      const raw = await database.db.selectFrom('applications').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      const violation = async (changes: Partial<typeof raw>) => {
        try {
          await database.db.insertInto('applications').values({ ...raw, id: randomUUID(), reference: newReference(), idempotency_key: randomUUID(), download_token_hash: hashToken(newDownloadToken()), ...changes }).execute();
        } catch (error) {
          return uniqueViolationColumn(error);
        }
        return 'inserted';
      };
      expect(await violation({ idempotency_key: raw.idempotency_key })).toBe('idempotency_key');
      expect(await violation({ reference: raw.reference })).toBe('reference');
      expect(await violation({ id: raw.id })).toBe('id');
      expect(await violation({ download_token_hash: raw.download_token_hash })).toBe('download_token_hash');
      expect(await violation({ copy_state: 'bogus' as never })).toBeUndefined(); // a check constraint, not a duplicate
      expect(uniqueViolationColumn(new Error('something else'))).toBeUndefined();
    });
  });

  describe('download tokens', () => {
    it('finds an application by the hash of its token, and by nothing else', async () => {
      const application = newApplication();
      const { row } = await store.insertApplication(application);
      expect((await store.findByDownloadTokenHash(hashToken(application.token)))?.id).toBe(row.id);
      expect(await store.findByDownloadTokenHash(application.token)).toBeUndefined();
      expect(await store.findByDownloadTokenHash(hashToken(newDownloadToken()))).toBeUndefined();
    });

    it('rotating the token replaces it: the new one works, the old one no longer does', async () => {
      const application = newApplication();
      const { row } = await store.insertApplication(application);
      const token = newDownloadToken();
      const expiresAt = new Date('2026-12-01T00:00:00.000Z');
      const rotated = await store.rotateDownloadToken(row.id, hashToken(token), expiresAt);
      expect(rotated).toMatchObject({ id: row.id, downloadTokenHash: hashToken(token), downloadExpiresAt: expiresAt });
      expect((await store.findByDownloadTokenHash(hashToken(token)))?.id).toBe(row.id);
      expect(await store.findByDownloadTokenHash(application.downloadTokenHash)).toBeUndefined();
      expect(await store.rotateDownloadToken(randomUUID(), hashToken(newDownloadToken()), expiresAt)).toBeUndefined();
    });
  });

  describe('the emailed copy', () => {
    it('moves pending → failed → pending → sent, keeping attempts, the last error and the time', async () => {
      const { row } = await store.insertApplication(newApplication());
      expect(row.copyState).toBe('pending');

      const failed = await store.markCopy(row.id, 'failed', { error: 'SMTP 451 try later', attempts: 1, at: new Date('2026-11-21T09:31:00.000Z') });
      expect(failed).toMatchObject({ copyState: 'failed', copyAttempts: 1, copyLastError: 'SMTP 451 try later', copyUpdatedAt: new Date('2026-11-21T09:31:00.000Z') });

      const retrying = await store.markCopy(row.id, 'pending', { error: 'SMTP 451 try later', attempts: 2 });
      expect(retrying).toMatchObject({ copyState: 'pending', copyAttempts: 2, copyLastError: 'SMTP 451 try later' });
      expect(retrying?.copyUpdatedAt.getTime()).toBeGreaterThan(failed?.copyUpdatedAt.getTime() ?? Infinity);

      const sent = await store.markCopy(row.id, 'sent', { attempts: 3 });
      expect(sent).toMatchObject({ copyState: 'sent', copyAttempts: 3, copyLastError: null });
      expect(await store.findByReference(row.reference)).toEqual(sent);

      const unchangedAttempts = await store.markCopy(row.id, 'sent');
      expect(unchangedAttempts?.copyAttempts).toBe(3);
    });

    it('refuses an unknown state or a negative count, and answers undefined for an unknown application', async () => {
      const { row } = await store.insertApplication(newApplication());
      await expect(store.markCopy(row.id, 'lost' as never)).rejects.toThrow(/Unknown copy state/);
      await expect(store.markCopy(row.id, 'failed', { attempts: -1 })).rejects.toThrow(/attempts/);
      await expect(database.db.updateTable('applications').set({ copy_state: 'lost' as never }).where('id', '=', row.id).execute()).rejects.toThrow();
      expect(await store.markCopy(randomUUID(), 'sent')).toBeUndefined();
      expect((await store.findByReference(row.reference))?.copyState).toBe('pending');
    });
  });

  it('counts the applications', async () => {
    const before = await store.countApplications();
    await store.insertApplication(newApplication());
    await store.insertApplication(newApplication());
    expect(await store.countApplications()).toBe(before + 2);
    expect(typeof before).toBe('number');
  });
});

describe('the SQLite file', () => {
  function bytesOf(path: string): Buffer {
    return existsSync(path) ? readFileSync(path) : Buffer.alloc(0);
  }

  it('holds no plaintext SSN, in the database or its write-ahead log, open or closed', async () => {
    const database = await sqliteBackend.open();
    const path = database.sqlitePath ?? '';
    try {
      await migrateToLatest(database.db);
      const store = createApplicationStore(database.db);
      for (let index = 0; index < 20; index += 1) await store.insertApplication(newApplication());
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
      expect(journal.rows[0]?.journal_mode).toBe('wal');

      const check = () => {
        const files = [bytesOf(path), bytesOf(`${path}-wal`)];
        const all = Buffer.concat(files);
        expect(all.length).toBeGreaterThan(0);
        // The search works: the rest of the document is there in clear.
        expect(all.includes('Alvarez')).toBe(true);
        for (const needle of [ssn, '123456789', '123 45 6789']) expect(all.includes(needle), needle).toBe(false);
      };
      expect(bytesOf(`${path}-wal`).includes('Alvarez')).toBe(true); // writes are in the WAL while open
      check();
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
      check();
    } finally {
      await database.db.destroy();
    }
    const closed = Buffer.concat([bytesOf(path), bytesOf(`${path}-wal`)]);
    expect(closed.includes('Alvarez')).toBe(true);
    expect(closed.includes(ssn) || closed.includes('123456789')).toBe(false);
    await database.close(); // removes the temporary folder (closing again is harmless)
  });
});
