import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applicationDocumentOf, type ApplicationDocument } from '../../machines/form/application-document.ts';
import { createApplicationStore, type ApplicationStore } from '../../server/db/application-store.ts';
import { migrateToLatest } from '../../server/db/migrations.ts';
import { completeApplication } from './sample-answers.ts';
import type { TestBackend, TestDatabase } from './postgres.ts';

/** What a server under test stands on: a build folder holding `index.html`, a migrated database and its store, an outbox. */
export interface TestSite {
  readonly dir: string;
  readonly distDir: string;
  readonly outbox: string;
  readonly database: TestDatabase;
  readonly store: ApplicationStore;
  /** Drops the database and the folder (close the server first). */
  close(): Promise<void>;
}

export async function openTestSite(backend: TestBackend, indexHtml = '<!doctype html><title>app</title>'): Promise<TestSite> {
  const dir = mkdtempSync(join(tmpdir(), 'server-test-'));
  const distDir = join(dir, 'dist');
  mkdirSync(distDir);
  writeFileSync(join(distDir, 'index.html'), indexHtml);
  const database = await backend.open();
  await migrateToLatest(database.db);
  return {
    dir,
    distDir,
    outbox: join(dir, 'outbox'),
    database,
    store: createApplicationStore(database.db),
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let sampleDocument: ApplicationDocument | undefined;

/** A complete application as the browser sends it (SSN 123-45-6789), a fresh copy each time. */
export function completeDocument(): ApplicationDocument {
  sampleDocument ??= applicationDocumentOf(completeApplication().actor.getSnapshot().context);
  return JSON.parse(JSON.stringify(sampleDocument)) as ApplicationDocument;
}
