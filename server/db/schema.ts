import type { Insertable, Selectable, Updateable } from 'kysely';

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

export interface Database {
  applications: ApplicationsTable;
}

export type ApplicationRecord = Selectable<ApplicationsTable>;
export type NewApplicationRecord = Insertable<ApplicationsTable>;
export type ApplicationRecordUpdate = Updateable<ApplicationsTable>;
