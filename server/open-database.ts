import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrations.ts';
import type { Database } from './db/schema.ts';

/** The project's folder. */
export const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** `DATA_DIR`, else `<project>/data`: the SQLite file, the development key and the outbox. */
export function dataDirOf(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return resolve(env.DATA_DIR ?? join(projectRoot, 'data'));
}

/**
 * The database `npm start` uses (PostgreSQL with `DATABASE_URL`, else SQLite in the data folder),
 * brought to the latest schema. Shared by the server and the `npm run recruiter` command.
 */
export async function openDatabase(env: Readonly<Record<string, string | undefined>> = process.env): Promise<Kysely<Database>> {
  const db = createDatabase({ databaseUrl: env.DATABASE_URL || undefined, sqlitePath: join(dataDirOf(env), 'applications.db') });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw new Error(`The database could not be prepared: ${(error as Error).message}`, { cause: error });
  }
  return db;
}
