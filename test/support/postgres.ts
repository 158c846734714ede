import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../../server/db/database.ts';
import type { Database } from '../../server/db/schema.ts';

/**
 * Empty databases for server tests, on every backend this machine offers: SQLite always, PostgreSQL
 * when `TEST_DATABASE_URL` is set (`scripts/start-test-postgres.sh` prints one). Each `open()` is a
 * new, empty database: a temporary SQLite file, or a new PostgreSQL schema (dropped on close) so that
 * concurrent and repeated runs never see each other's tables.
 */

export interface TestDatabase {
  db: Kysely<Database>;
  /** The SQLite file (undefined on PostgreSQL). */
  sqlitePath?: string;
  close(): Promise<void>;
}

export interface TestBackend {
  name: 'SQLite' | 'PostgreSQL';
  open(): Promise<TestDatabase>;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

export const sqliteBackend: TestBackend = {
  name: 'SQLite',
  async open() {
    const dir = mkdtempSync(join(tmpdir(), 'store-test-'));
    const sqlitePath = join(dir, 'applications.db');
    const db = createDatabase({ sqlitePath });
    return {
      db,
      sqlitePath,
      async close() {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

export function postgresBackend(databaseUrl: string): TestBackend {
  return {
    name: 'PostgreSQL',
    async open() {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        await admin.query(`create schema ${schema}`);
      } finally {
        await admin.end();
      }
      const db = createDatabase({ databaseUrl, postgres: { options: `-c search_path=${schema}`, max: 4 } });
      return {
        db,
        async close() {
          await db.destroy();
          const cleaner = new pg.Client({ connectionString: databaseUrl });
          await cleaner.connect();
          try {
            await cleaner.query(`drop schema if exists ${schema} cascade`);
          } finally {
            await cleaner.end();
          }
        },
      };
    },
  };
}

/** SQLite, and PostgreSQL when `TEST_DATABASE_URL` is set (a loud warning otherwise). */
export function availableBackends(): TestBackend[] {
  if (testDatabaseUrl) return [sqliteBackend, postgresBackend(testDatabaseUrl)];
  console.warn(
    '\n*** PostgreSQL half NOT run: set TEST_DATABASE_URL (e.g. TEST_DATABASE_URL="$(scripts/start-test-postgres.sh)") to test the store on PostgreSQL too. ***\n',
  );
  return [sqliteBackend];
}
