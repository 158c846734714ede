import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { databaseKind } from './database.ts';
import type { Database } from './schema.ts';

/**
 * The schema's history as code, applied in name order and recorded in `kysely_migration`. Never edit
 * a migration that has shipped: add the next one. Every statement must run on SQLite and PostgreSQL
 * alike (see `schema.ts` for the portable types). Migrations take an untyped database on purpose:
 * they describe the schema as it was then, not as `schema.ts` says it is now.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '2026_11_21_001_applications': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('applications')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('reference', 'text', (column) => column.notNull())
        .addColumn('submitted_at', 'text', (column) => column.notNull())
        .addColumn('client_ip', 'text', (column) => column.notNull())
        .addColumn('user_agent', 'text', (column) => column.notNull())
        .addColumn('document_version', 'integer', (column) => column.notNull())
        .addColumn('document', 'text', (column) => column.notNull())
        .addColumn('ssn_ciphertext', 'text', (column) => column.notNull())
        .addColumn('idempotency_key', 'text', (column) => column.notNull())
        .addColumn('download_token_hash', 'text', (column) => column.notNull())
        .addColumn('download_expires_at', 'text', (column) => column.notNull())
        .addColumn('copy_email', 'text')
        .addColumn('copy_state', 'text', (column) => column.notNull().defaultTo('not-requested'))
        .addColumn('copy_attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('copy_last_error', 'text')
        .addColumn('copy_updated_at', 'text', (column) => column.notNull())
        // The unique constraints are also the indexes for looking up by reference and by idempotency key.
        .addUniqueConstraint('applications_reference_key', ['reference'])
        .addUniqueConstraint('applications_idempotency_key_key', ['idempotency_key'])
        .addCheckConstraint('applications_copy_state_check', sql`copy_state in ('not-requested', 'pending', 'sent', 'failed')`)
        .addCheckConstraint('applications_copy_attempts_check', sql`copy_attempts >= 0`)
        .execute();
      await db.schema
        .createIndex('applications_download_token_hash_key')
        .unique()
        .on('applications')
        .column('download_token_hash')
        .execute();
      await db.schema.createIndex('applications_submitted_at_idx').on('applications').column('submitted_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('applications').execute();
    },
  },
  '2026_12_01_001_recruiters': {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite adds one column per ALTER TABLE.
      const addColumn = (name: string, type: 'text' | 'integer', build: Parameters<ReturnType<typeof db.schema.alterTable>['addColumn']>[2] = (column) => column) =>
        db.schema.alterTable('applications').addColumn(name, type, build).execute();
      await addColumn('status', 'text', (column) =>
        column.notNull().defaultTo('new').check(sql`status in ('new', 'reviewed', 'contacted', 'hired', 'declined')`),
      );
      await addColumn('status_note', 'text');
      await addColumn('status_updated_at', 'text');
      await addColumn('applicant_name', 'text');
      await addColumn('flags', 'text');
      for (const flag of ['flag_under_21', 'flag_dui', 'flag_accidents', 'flag_violations', 'flag_drug_test']) {
        await addColumn(flag, 'integer', (column) => column.notNull().defaultTo(0));
      }
      await db.schema.createIndex('applications_status_idx').on('applications').columns(['status', 'submitted_at']).execute();

      await db.schema
        .createTable('recruiters')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('password_hash', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('last_sign_in_at', 'text')
        .addUniqueConstraint('recruiters_email_key', ['email'])
        .execute();
      await db.schema
        .createTable('recruiter_sessions')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('recruiter_id', 'text', (column) => column.notNull().references('recruiters.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('last_seen_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('recruiter_sessions_recruiter_idx').on('recruiter_sessions').column('recruiter_id').execute();
      await db.schema
        .createTable('sign_in_failures')
        .addColumn('email', 'text', (column) => column.primaryKey())
        .addColumn('failures', 'integer', (column) => column.notNull())
        .addColumn('last_failed_at', 'text', (column) => column.notNull())
        .addColumn('locked_until', 'text')
        .execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('application_id', 'text', (column) => column.notNull().references('applications.id'))
        .addColumn('recruiter_email', 'text', (column) => column.notNull())
        .addColumn('action', 'text', (column) => column.notNull())
        .addColumn('detail', 'text')
        .addColumn('at', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('audit_log_application_idx').on('audit_log').columns(['application_id', 'at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_log').execute();
      await db.schema.dropTable('sign_in_failures').execute();
      await db.schema.dropTable('recruiter_sessions').execute();
      await db.schema.dropTable('recruiters').execute();
      await db.schema.dropIndex('applications_status_idx').execute();
      for (const column of ['status', 'status_note', 'status_updated_at', 'applicant_name', 'flags', 'flag_under_21', 'flag_dui', 'flag_accidents', 'flag_violations', 'flag_drug_test']) {
        await db.schema.alterTable('applications').dropColumn(column).execute();
      }
    },
  },
};

/** Kysely's view of `migrations`. */
export const codeMigrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...migrations }),
};

/**
 * PostgreSQL's current schema (the first of `search_path` that exists), undefined on SQLite. Kysely
 * looks for its migration tables by name in every schema of the database unless told which one, so
 * a second schema in the same database (a test run's, another app's) would fool it.
 */
async function currentSchema(db: Kysely<Database>): Promise<string | undefined> {
  const kind = databaseKind(db);
  if (kind === 'sqlite') return undefined;
  try {
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
    return rows[0]?.schema ?? undefined;
  } catch (error) {
    if (kind === 'postgres') throw error;
    return undefined; // not PostgreSQL (a Kysely made elsewhere): no schemas
  }
}

/**
 * Brings the database to the latest schema (a no-op when it is there already) and returns the names
 * of the migrations it applied. Throws, naming the failed migration and the database's error, when
 * one fails; the failed migration is rolled back where the database allows (PostgreSQL).
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: codeMigrationProvider, migrationTableSchema: await currentSchema(db) });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    const where = failed ? `migration "${failed.migrationName}" failed` : 'the migrations could not run';
    throw new Error(`Database migration failed: ${where}: ${reason}`, { cause: error });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
