import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DatabaseKind = 'postgres' | 'sqlite';
const kinds = new WeakMap<Kysely<Database>, DatabaseKind>();

/** Which database `db` (made by `createDatabase`) talks to; undefined for a `Kysely` made elsewhere. */
export function databaseKind(db: Kysely<Database>): DatabaseKind | undefined {
  return kinds.get(db);
}

/** `<project>/data`: the SQLite file and the development encryption key live here by default. */
export const defaultDataDir = fileURLToPath(new URL('../../data', import.meta.url));
/** Prepared statements kept by SQL text: the query layer asks for one per query, and the set of queries is small. */
const statementCacheSize = 256;

/**
 * Kysely prepares every query anew; preparing costs more than running a small insert. The statements
 * are reused here (better-sqlite3 statements are reusable; Kysely runs each to completion at once).
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDatabase.Database {
  const prepare = sqlite.prepare.bind(sqlite);
  const statements = new Map<string, SqliteDatabase.Statement>();
  sqlite.prepare = ((sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= statementCacheSize) statements.clear();
      statement = prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
  return sqlite;
}

export const defaultSqlitePath = resolve(defaultDataDir, 'applications.db');

export interface DatabaseOptions {
  /** A PostgreSQL URL (the app passes `process.env.DATABASE_URL`); SQLite when absent or empty. */
  databaseUrl?: string | undefined;
  /** The SQLite file (default `data/applications.db`); `:memory:` for a private in-memory database. */
  sqlitePath?: string | undefined;
  /** Extra `pg` pool settings (pool size, `options: '-c search_path=…'`, SSL, …). */
  postgres?: Omit<pg.PoolConfig, 'connectionString'>;
  /** Milliseconds a SQLite writer waits for a lock before failing (default 5000). */
  busyTimeoutMs?: number;
}

/**
 * The application database: PostgreSQL when a URL is given, otherwise a SQLite file in WAL mode
 * (readers never block the writer; foreign keys enforced; a busy writer is waited for, not failed).
 * Call `db.destroy()` to close it.
 */
export function createDatabase(options: DatabaseOptions = {}): Kysely<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ max: 10, ...options.postgres, connectionString: options.databaseUrl });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error(`PostgreSQL pool: idle client error: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    kinds.set(db, 'postgres');
    return db;
  }

  const path = options.sqlitePath ?? defaultSqlitePath;
  if (path !== ':memory:' && !path.startsWith('file:')) mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new SqliteDatabase(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  kinds.set(db, 'sqlite');
  return db;
}
