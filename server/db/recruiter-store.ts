import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { inboxColumnsOf, qualificationCriteria, type QualificationFlagId } from '../recruiter/qualification-flags.ts';
import { fromRecord, type StoredApplication } from './application-store.ts';
import type { ApplicationStatus, AuditAction, Database } from './schema.ts';

/**
 * What the carrier's side keeps (issue 9): recruiter accounts, their sessions (only hashed tokens),
 * failed sign-ins, the audit log, and the inbox's queries over applications (status, flags, search,
 * pagination). Times are ISO 8601 UTC text, as everywhere in the schema.
 */

export interface Recruiter {
  id: string;
  email: string;
  passwordHash: string;
  createdAt: Date;
  lastSignInAt: Date | null;
}

export interface RecruiterSession {
  tokenHash: string;
  recruiter: Recruiter;
  createdAt: Date;
  lastSeenAt: Date;
}

export interface SignInFailure {
  failures: number;
  lockedUntil: Date | null;
}

export interface AuditEntry {
  id: string;
  recruiterEmail: string;
  action: AuditAction;
  detail: Record<string, unknown> | null;
  at: Date;
}

/** `any`: at least one flag; `none`: no flag; else the one flag. */
export type FlagFilter = QualificationFlagId | 'any' | 'none';

export interface InboxQuery {
  status?: ApplicationStatus | undefined;
  flag?: FlagFilter | undefined;
  /** Part of the name or of the reference, as typed. */
  search?: string | undefined;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface InboxPage {
  applications: StoredApplication[];
  total: number;
}

interface RecruiterRecord {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
  last_sign_in_at: string | null;
}

function toRecruiter(record: RecruiterRecord): Recruiter {
  return {
    id: record.id,
    email: record.email,
    passwordHash: record.password_hash,
    createdAt: new Date(record.created_at),
    lastSignInAt: record.last_sign_in_at ? new Date(record.last_sign_in_at) : null,
  };
}

/** An email as typed, in its stored form. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** `text` for a LIKE pattern with `\` as the escape character: `%` and `_` match themselves. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export type RecruiterStore = ReturnType<typeof createRecruiterStore>;

export function createRecruiterStore(db: Kysely<Database>) {
  return {
    async addRecruiter(email: string, passwordHash: string, at = new Date()): Promise<Recruiter> {
      const record = { id: randomUUID(), email: normalizeEmail(email), password_hash: passwordHash, created_at: at.toISOString(), last_sign_in_at: null };
      await db.insertInto('recruiters').values(record).execute();
      return toRecruiter(record);
    },

    async findRecruiter(email: string): Promise<Recruiter | undefined> {
      const record = await db.selectFrom('recruiters').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
      return record ? toRecruiter(record) : undefined;
    },

    async listRecruiters(): Promise<Recruiter[]> {
      return (await db.selectFrom('recruiters').selectAll().orderBy('email').execute()).map(toRecruiter);
    },

    /** Sets a new password hash and ends every session of the account. False when there is no such account. */
    async setPasswordHash(email: string, passwordHash: string): Promise<boolean> {
      const recruiter = await this.findRecruiter(email);
      if (!recruiter) return false;
      await db.updateTable('recruiters').set({ password_hash: passwordHash }).where('id', '=', recruiter.id).execute();
      await db.deleteFrom('recruiter_sessions').where('recruiter_id', '=', recruiter.id).execute();
      await this.clearFailures(email);
      return true;
    },

    /** Removes the account and its sessions (the audit log keeps its email). */
    async removeRecruiter(email: string): Promise<boolean> {
      const recruiter = await this.findRecruiter(email);
      if (!recruiter) return false;
      await db.deleteFrom('recruiter_sessions').where('recruiter_id', '=', recruiter.id).execute();
      await db.deleteFrom('recruiters').where('id', '=', recruiter.id).execute();
      return true;
    },

    async recordSignIn(recruiterId: string, at: Date): Promise<void> {
      await db.updateTable('recruiters').set({ last_sign_in_at: at.toISOString() }).where('id', '=', recruiterId).execute();
    },

    async createSession(tokenHash: string, recruiterId: string, at: Date): Promise<void> {
      await db
        .insertInto('recruiter_sessions')
        .values({ token_hash: tokenHash, recruiter_id: recruiterId, created_at: at.toISOString(), last_seen_at: at.toISOString() })
        .execute();
    },

    async findSession(tokenHash: string): Promise<RecruiterSession | undefined> {
      const record = await db
        .selectFrom('recruiter_sessions')
        .innerJoin('recruiters', 'recruiters.id', 'recruiter_sessions.recruiter_id')
        .select([
          'recruiter_sessions.token_hash',
          'recruiter_sessions.created_at as session_created_at',
          'recruiter_sessions.last_seen_at',
          'recruiters.id',
          'recruiters.email',
          'recruiters.password_hash',
          'recruiters.created_at',
          'recruiters.last_sign_in_at',
        ])
        .where('recruiter_sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!record) return undefined;
      return {
        tokenHash: record.token_hash,
        recruiter: toRecruiter(record),
        createdAt: new Date(record.session_created_at),
        lastSeenAt: new Date(record.last_seen_at),
      };
    },

    async touchSession(tokenHash: string, at: Date): Promise<void> {
      await db.updateTable('recruiter_sessions').set({ last_seen_at: at.toISOString() }).where('token_hash', '=', tokenHash).execute();
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.deleteFrom('recruiter_sessions').where('token_hash', '=', tokenHash).execute();
    },

    /** Ends every session not seen since `before` (housekeeping; an expired session is refused anyway). */
    async deleteSessionsIdleSince(before: Date): Promise<void> {
      await db.deleteFrom('recruiter_sessions').where('last_seen_at', '<', before.toISOString()).execute();
    },

    async signInFailure(email: string): Promise<SignInFailure> {
      const record = await db.selectFrom('sign_in_failures').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
      return { failures: record ? Number(record.failures) : 0, lockedUntil: record?.locked_until ? new Date(record.locked_until) : null };
    },

    async recordFailure(email: string, failures: number, at: Date, lockedUntil: Date | null): Promise<void> {
      const values = { failures, last_failed_at: at.toISOString(), locked_until: lockedUntil?.toISOString() ?? null };
      await db
        .insertInto('sign_in_failures')
        .values({ email: normalizeEmail(email), ...values })
        .onConflict((conflict) => conflict.column('email').doUpdateSet(values))
        .execute();
    },

    async clearFailures(email: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('email', '=', normalizeEmail(email)).execute();
    },

    async addAudit(entry: { applicationId: string; recruiterEmail: string; action: AuditAction; detail?: Record<string, unknown>; at: Date }): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          id: randomUUID(),
          application_id: entry.applicationId,
          recruiter_email: entry.recruiterEmail,
          action: entry.action,
          detail: entry.detail ? JSON.stringify(entry.detail) : null,
          at: entry.at.toISOString(),
        })
        .execute();
    },

    /** The application's audit log, newest first. */
    async auditOf(applicationId: string): Promise<AuditEntry[]> {
      const records = await db.selectFrom('audit_log').selectAll().where('application_id', '=', applicationId).orderBy('at', 'desc').orderBy('id').execute();
      return records.map((record) => ({
        id: record.id,
        recruiterEmail: record.recruiter_email,
        action: record.action,
        detail: record.detail ? (JSON.parse(record.detail) as Record<string, unknown>) : null,
        at: new Date(record.at),
      }));
    },

    async setStatus(applicationId: string, status: ApplicationStatus, note: string | null, at: Date): Promise<void> {
      await db.updateTable('applications').set({ status, status_note: note, status_updated_at: at.toISOString() }).where('id', '=', applicationId).execute();
    },

    /** One page of the inbox, newest first, with the number of applications matching the query. */
    async listApplications({ status, flag, search, page, pageSize }: InboxQuery): Promise<InboxPage> {
      let query = db.selectFrom('applications');
      if (status) query = query.where('status', '=', status);
      if (flag === 'any') query = query.where((eb) => eb.or(qualificationCriteria.map((criterion) => eb(criterion.column, '=', 1))));
      else if (flag === 'none') query = query.where((eb) => eb.and(qualificationCriteria.map((criterion) => eb(criterion.column, '=', 0))));
      else if (flag) query = query.where(qualificationCriteria.find((criterion) => criterion.id === flag)?.column ?? 'flag_under_21', '=', 1);
      const text = search?.trim();
      if (text) {
        const pattern = `%${likeEscaped(text.toLowerCase())}%`;
        const reference = `%${likeEscaped(text.toUpperCase())}%`;
        query = query.where(sql<boolean>`(lower(applicant_name) like ${pattern} escape '\\' or reference like ${reference} escape '\\')`);
      }
      const { count } = await query.select((eb) => eb.fn.countAll<number | string | bigint>().as('count')).executeTakeFirstOrThrow();
      const records = await query
        .selectAll()
        .orderBy('submitted_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { applications: records.map((record) => fromRecord(record)), total: Number(count) };
    },

    /** Computes the name and flags of applications stored before the inbox existed. Returns how many it updated. */
    async backfillInboxColumns(): Promise<number> {
      const records = await db.selectFrom('applications').selectAll().where('flags', 'is', null).execute();
      for (const record of records) {
        const application = fromRecord(record);
        await db.updateTable('applications').set(inboxColumnsOf(application.document, application.submittedAt)).where('id', '=', record.id).execute();
      }
      return records.length;
    },
  };
}
