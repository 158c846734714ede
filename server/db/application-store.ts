import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ApplicationDocument } from '../../machines/form/application-document.ts';
import type { AnswerDocument } from '../../machines/form/answers.ts';
import { newReference as randomReference, normalizeReference } from '../crypto/tokens.ts';
import { inboxColumnsOf, type QualificationFlag } from '../recruiter/qualification-flags.ts';
import { copyStates, type ApplicationRecord, type ApplicationStatus, type CopyState, type Database, type NewApplicationRecord } from './schema.ts';

export { hashToken, newDownloadToken, newReference, referencePattern } from '../crypto/tokens.ts';

/** What the server stores for a submission. The document must not hold the SSN (see `splitSsn`). */
export interface NewApplication {
  submittedAt: Date;
  clientIp: string;
  userAgent: string;
  /** The validated document WITHOUT the SSN. */
  document: ApplicationDocument;
  /** `encryptSsn(ssn, key)`. */
  ssnCiphertext: string;
  idempotencyKey: string;
  /** `hashToken(token)`: the token itself is never stored. */
  downloadTokenHash: string;
  downloadExpiresAt: Date;
  /** Where to send the applicant's copy; null when none was asked for. */
  copyEmail: string | null;
}

/** A stored application, its document parsed and its times as dates. */
export interface StoredApplication {
  id: string;
  reference: string;
  submittedAt: Date;
  clientIp: string;
  userAgent: string;
  documentVersion: number;
  document: ApplicationDocument;
  ssnCiphertext: string;
  idempotencyKey: string;
  downloadTokenHash: string;
  downloadExpiresAt: Date;
  copyEmail: string | null;
  copyState: CopyState;
  copyAttempts: number;
  copyLastError: string | null;
  copyUpdatedAt: Date;
  status: ApplicationStatus;
  statusNote: string | null;
  statusUpdatedAt: Date | null;
  /** As the inbox lists it ("Maria Elena Alvarez"). */
  applicantName: string;
  /** The qualification flags computed at submission (see `server/recruiter/qualification-flags.ts`). */
  flags: QualificationFlag[];
}

export interface InsertResult {
  /** True when the idempotency key was already stored: `row` is that earlier application, nothing was inserted. */
  replay: boolean;
  row: StoredApplication;
}

export interface MarkCopyOptions {
  /** The last failure (kept for `failed` and `pending` retries; cleared when not given). */
  error?: string | null;
  /** The number of send attempts so far; unchanged when not given. */
  attempts?: number;
  /** The time of the change (default now). */
  at?: Date;
}

export interface ApplicationStore {
  /** Stores a new application, or returns the one already stored under its idempotency key (also under a concurrent race). */
  insertApplication(application: NewApplication): Promise<InsertResult>;
  findByIdempotencyKey(key: string): Promise<StoredApplication | undefined>;
  /** By reference, as typed (case and surrounding spaces ignored). */
  findByReference(reference: string): Promise<StoredApplication | undefined>;
  /** By `hashToken(token)`. The caller checks `downloadExpiresAt`. */
  findByDownloadTokenHash(hash: string): Promise<StoredApplication | undefined>;
  /** Replaces the download token; the old one stops working. Undefined when there is no such application. */
  rotateDownloadToken(id: string, hash: string, expiresAt: Date): Promise<StoredApplication | undefined>;
  /** Records the state of the applicant's emailed copy. Undefined when there is no such application. */
  markCopy(id: string, state: CopyState, options?: MarkCopyOptions): Promise<StoredApplication | undefined>;
  countApplications(): Promise<number>;
}

export interface ApplicationStoreOptions {
  /** Reference generator (tests force collisions with it). */
  newReference?: () => string;
}

/** Attempts at a fresh reference (and id) before giving up; a collision is a 1-in-10¹² event. */
const maxInsertAttempts = 5;

/**
 * The document without the SSN, and the SSN: the document is stored as JSON, the SSN only
 * encrypted (decision 31).
 */
export function splitSsn(document: ApplicationDocument): { document: ApplicationDocument; ssn: string | undefined } {
  const personal = document.answers.personal;
  if (!personal || !Object.hasOwn(personal, 'ssn')) return { document, ssn: undefined };
  const { ssn, ...rest } = personal;
  return {
    document: { ...document, answers: { ...document.answers, personal: rest as AnswerDocument } },
    ssn: typeof ssn === 'string' ? ssn : undefined,
  };
}

function assertStorable(application: NewApplication): void {
  const personal = application.document.answers.personal;
  if (personal && Object.hasOwn(personal, 'ssn')) {
    throw new Error('Refusing to store a document that contains the SSN: store it encrypted in ssnCiphertext (see splitSsn)');
  }
  if (!/^v\d+:/.test(application.ssnCiphertext)) {
    throw new Error('ssnCiphertext must be the output of encryptSsn');
  }
  if (!application.idempotencyKey) throw new Error('An application needs an idempotency key');
  for (const [name, date] of [['submittedAt', application.submittedAt], ['downloadExpiresAt', application.downloadExpiresAt]] as const) {
    if (!(date instanceof Date) || Number.isNaN(date.getTime())) throw new Error(`${name} must be a valid date`);
  }
}

function toRecord(application: NewApplication, id: string, reference: string): NewApplicationRecord {
  const submittedAt = application.submittedAt.toISOString();
  return {
    id,
    reference,
    submitted_at: submittedAt,
    client_ip: application.clientIp,
    user_agent: application.userAgent,
    document_version: application.document.version,
    document: JSON.stringify(application.document),
    ssn_ciphertext: application.ssnCiphertext,
    idempotency_key: application.idempotencyKey,
    download_token_hash: application.downloadTokenHash,
    download_expires_at: application.downloadExpiresAt.toISOString(),
    copy_email: application.copyEmail,
    copy_state: application.copyEmail ? 'pending' : 'not-requested',
    copy_attempts: 0,
    copy_last_error: null,
    copy_updated_at: submittedAt,
    ...inboxColumnsOf(application.document, application.submittedAt),
  };
}

/** The stored application of a row; `document`, when the caller has it already, saves parsing it again. */
export function fromRecord(record: ApplicationRecord, document?: ApplicationDocument): StoredApplication {
  return {
    id: record.id,
    reference: record.reference,
    submittedAt: new Date(record.submitted_at),
    clientIp: record.client_ip,
    userAgent: record.user_agent,
    documentVersion: Number(record.document_version),
    document: document ?? (JSON.parse(record.document) as ApplicationDocument),
    ssnCiphertext: record.ssn_ciphertext,
    idempotencyKey: record.idempotency_key,
    downloadTokenHash: record.download_token_hash,
    downloadExpiresAt: new Date(record.download_expires_at),
    copyEmail: record.copy_email,
    copyState: record.copy_state,
    copyAttempts: Number(record.copy_attempts),
    copyLastError: record.copy_last_error,
    copyUpdatedAt: new Date(record.copy_updated_at),
    status: record.status,
    statusNote: record.status_note,
    statusUpdatedAt: record.status_updated_at ? new Date(record.status_updated_at) : null,
    applicantName: record.applicant_name ?? '',
    flags: record.flags ? (JSON.parse(record.flags) as QualificationFlag[]) : [],
  };
}

type UniqueColumn = 'id' | 'reference' | 'idempotency_key' | 'download_token_hash';

const constraintColumns: Readonly<Record<string, UniqueColumn>> = {
  applications_pkey: 'id',
  applications_reference_key: 'reference',
  applications_idempotency_key_key: 'idempotency_key',
  applications_download_token_hash_key: 'download_token_hash',
};

/**
 * The column of `applications` whose uniqueness `error` violated, `other` for another unique
 * violation, undefined for any other error. Knows SQLite (better-sqlite3: `SQLITE_CONSTRAINT_UNIQUE`,
 * "UNIQUE constraint failed: applications.reference") and PostgreSQL (pg: SQLSTATE 23505 with the
 * constraint's name).
 */
export function uniqueViolationColumn(error: unknown): UniqueColumn | 'other' | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') {
    return (typeof constraint === 'string' && constraintColumns[constraint]) || 'other';
  }
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const failed = typeof message === 'string' ? /constraint failed: applications\.(\w+)\s*$/.exec(message)?.[1] : undefined;
    return failed === 'id' || failed === 'reference' || failed === 'idempotency_key' || failed === 'download_token_hash' ? failed : 'other';
  }
  return undefined;
}

export function createApplicationStore(db: Kysely<Database>, options: ApplicationStoreOptions = {}): ApplicationStore {
  const makeReference = options.newReference ?? randomReference;

  async function findOne(column: 'idempotency_key' | 'reference' | 'download_token_hash' | 'id', value: string) {
    const record = await db.selectFrom('applications').selectAll().where(column, '=', value).executeTakeFirst();
    return record ? fromRecord(record) : undefined;
  }

  return {
    async insertApplication(application) {
      assertStorable(application);
      for (let attempt = 1; attempt <= maxInsertAttempts; attempt += 1) {
        const record = toRecord(application, randomUUID(), makeReference());
        try {
          // The conflict clause settles a concurrent duplicate inside the database (PostgreSQL waits
          // for the first insert to commit); the catch covers a violation reported as an error.
          const inserted = await db
            .insertInto('applications')
            .values(record)
            .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
            .returningAll()
            .executeTakeFirst();
          if (inserted) return { replay: false, row: fromRecord(inserted, application.document) };
        } catch (error) {
          const column = uniqueViolationColumn(error);
          if (column === 'reference' || column === 'id') continue;
          // The download token is derived from the idempotency key, so a retry of the same submission
          // at the same moment can meet the first one's row on the token's index before the key's
          // conflict clause sees it (PostgreSQL checks the indexes in its own order): a replay too.
          if (column !== 'idempotency_key' && column !== 'download_token_hash') throw error;
        }
        const existing = await findOne('idempotency_key', application.idempotencyKey);
        if (existing) return { replay: true, row: existing };
      }
      throw new Error(`Could not store the application after ${maxInsertAttempts} attempts (reference collisions)`);
    },

    findByIdempotencyKey: (key) => findOne('idempotency_key', key),
    findByReference: (reference) => findOne('reference', normalizeReference(reference)),
    findByDownloadTokenHash: (hash) => findOne('download_token_hash', hash),

    async rotateDownloadToken(id, hash, expiresAt) {
      const record = await db
        .updateTable('applications')
        .set({ download_token_hash: hash, download_expires_at: expiresAt.toISOString() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return record ? fromRecord(record) : undefined;
    },

    async markCopy(id, state, { error, attempts, at = new Date() } = {}) {
      if (!copyStates.includes(state)) throw new Error(`Unknown copy state: ${String(state)}`);
      if (attempts !== undefined && (!Number.isInteger(attempts) || attempts < 0)) throw new Error('attempts must be a whole number ≥ 0');
      const record = await db
        .updateTable('applications')
        .set({
          copy_state: state,
          copy_last_error: error ?? null,
          ...(attempts === undefined ? {} : { copy_attempts: attempts }),
          copy_updated_at: at.toISOString(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return record ? fromRecord(record) : undefined;
    },

    async countApplications() {
      const { count } = await db
        .selectFrom('applications')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  };
}
