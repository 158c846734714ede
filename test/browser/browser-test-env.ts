import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The data folder of the server the browser suite starts (its database, key and outbox): shared by the config and the tests that use the command line. */
export function browserTestDataDir(port: number): string {
  return join(tmpdir(), `driver-application-browser-tests-${port}`);
}
