import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The data folder (database, key, outbox) of the server the browser suite starts: the `DATA_DIR`
 * `playwright.config.ts` gives `npm start`, for tests that use the command line on the same database.
 */
export function browserTestDataDir(port: number): string {
  return join(tmpdir(), `driver-application-browser-tests-${port}`);
}
