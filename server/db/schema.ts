import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database's tables as Kysely sees them. Types are chosen to behave identically on SQLite and
 * PostgreSQL:
 * - ids, references, hashes: `text`;
 * - timestamps: `text` holding ISO 8601 UTC with milliseconds (`2026-11-21T09:30:00.000Z`, always
 *   24 characters, so text order is time order and an index on it serves ranges);
 * - JSON documents: `text` (the application document, WITHOUT the SSN);
 * - counters and versions: `integer` (a JavaScript number from both drivers).
 */

export const copyStates = ['not-requested', 'pending', 'sent', 'failed'] as const;
/** The applicant's emailed copy (decision 24): none asked for, to be sent, sent, or given up on. */
export type CopyState = (typeof copyStates)[number];

export interface ApplicationsTable {
  /** A random UUID. */
  id: string;
  /** What the applicant and the carrier quote: `BRF-` and 8 unambiguous characters. Unique. */
  reference: string;
  /** ISO 8601 UTC. */
  submitted_at: string;
  client_ip: string;
  user_agent: string;
  /** `ApplicationDocument.version` of `document`. */
  document_version: number;
  /** The application document as JSON, with the SSN removed. */
  document: string;
  /** The SSN, AES-256-GCM encrypted (`server/crypto/ssn-cipher.ts`). */
  ssn_ciphertext: string;
  /** The browser's key for this submission; a repeat returns the stored application. Unique. */
  idempotency_key: string;
  /** SHA-256 (hex) of the download token; the token itself is never stored. */
  download_token_hash: string;
  /** ISO 8601 UTC. */
  download_expires_at: string;
  /** Where to send the applicant's copy, or null when none was asked for. */
  copy_email: string | null;
  copy_state: CopyState;
  copy_attempts: number;
  copy_last_error: string | null;
  /** ISO 8601 UTC. */
  copy_updated_at: string;
}

export const applicationStatuses = ['new', 'reviewed', 'contacted', 'hired', 'declined'] as const;
/** Where a recruiter has got with an application (issue 9). */
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** The inbox's view of an application, kept with its row (migration 2026_12_01_001). */
export interface InboxColumns {
  status: Generated<ApplicationStatus>;
  status_note: string | null;
  /** ISO 8601 UTC, null until a recruiter first changes the status. */
  status_updated_at: string | null;
  /** First, middle and last name, for search and the list; null until computed. */
  applicant_name: string | null;
  /** The qualification flags with their reasons as JSON (`QualificationFlag[]`); null until computed. */
  flags: string | null;
  /** 1 when the flag is raised, else 0: one column per flag so that the inbox filters in SQL. */
  flag_under_21: Generated<number>;
  flag_dui: Generated<number>;
  flag_accidents: Generated<number>;
  flag_violations: Generated<number>;
  flag_drug_test: Generated<number>;
}

export interface RecruitersTable {
  id: string;
  /** Lower case. Unique. */
  email: string;
  /** Argon2id in PHC format (`$argon2id$v=19$m=…`). Never the password. */
  password_hash: string;
  created_at: string;
  last_sign_in_at: string | null;
}

export interface RecruiterSessionsTable {
  /** SHA-256 (hex) of the session cookie's token; the token itself is never stored. */
  token_hash: string;
  recruiter_id: string;
  created_at: string;
  /** Moved forward by every request; the session ends after the inactivity timeout. */
  last_seen_at: string;
}

/** Failed sign-ins per email typed (known or not, so that a lockout tells nothing about accounts). */
export interface SignInFailuresTable {
  email: string;
  failures: number;
  last_failed_at: string;
  locked_until: string | null;
}

export const auditActions = ['view', 'ssn-reveal', 'status-change', 'pdf-download', 'json-export'] as const;
export type AuditAction = (typeof auditActions)[number];

export interface AuditLogTable {
  id: string;
  application_id: string;
  /** Who: the recruiter's email (kept as text so that the log survives removing the account). */
  recruiter_email: string;
  action: AuditAction;
  /** What changed, as JSON (a status change's from, to and note), or null. */
  detail: string | null;
  at: string;
}

export interface Database {
  applications: ApplicationsTable & InboxColumns;
  recruiters: RecruitersTable;
  recruiter_sessions: RecruiterSessionsTable;
  sign_in_failures: SignInFailuresTable;
  audit_log: AuditLogTable;
}

export type ApplicationRecord = Selectable<Database['applications']>;
export type NewApplicationRecord = Insertable<Database['applications']>;
export type ApplicationRecordUpdate = Updateable<Database['applications']>;
