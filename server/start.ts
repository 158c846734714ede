import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import { resolveCarrierConfig } from '../config/carrier-config.ts';
import { buildServer } from './app.ts';
import { buildIfNeeded } from './build-if-needed.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrations.ts';
import { createApplicationStore } from './db/application-store.ts';
import { loadEncryptionKey } from './crypto/ssn-cipher.ts';
import { createMailTransport } from './mail/mail-transport.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(root, 'dist');
const dataDir = resolve(process.env.DATA_DIR ?? join(root, 'data'));
const production = process.env.NODE_ENV === 'production';
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number, not "${process.env.PORT}".`);

let carrier;
let encryptionKey;
try {
  carrier = resolveCarrierConfig();
  const loaded = loadEncryptionKey({ env: process.env, dataDir, production });
  encryptionKey = loaded.key;
  if (loaded.warning) console.warn(loaded.warning);
} catch (error) {
  fail((error as Error).message);
}

await buildIfNeeded(root, distDir);

const db = createDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, sqlitePath: join(dataDir, 'applications.db') });
try {
  await migrateToLatest(db);
} catch (error) {
  fail(`The database could not be prepared: ${(error as Error).message}`);
}

const mail = createMailTransport({
  smtpUrl: process.env.SMTP_URL || undefined,
  outboxDir: join(dataDir, 'outbox'),
  logger: { info: (message) => console.info(message), warn: (message) => console.warn(message) },
});
if (mail.warning) console.warn(mail.warning);

const server = await buildServer({
  distDir,
  production,
  logger: process.env.LOG_REQUESTS !== '0',
  api: {
    store: createApplicationStore(db),
    encryptionKey,
    carrier,
    mail,
    submissionsPerMinute: Number(process.env.RATE_LIMIT_SUBMISSIONS_PER_MINUTE ?? 20),
  },
});

server.addHook('onClose', async () => {
  mail.close();
  await db.destroy();
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}

await server.listen({ port, host });
console.info(`Driver application on http://localhost:${port} (${process.env.DATABASE_URL ? 'PostgreSQL' : `SQLite in ${dataDir}`}; mail: ${mail.describe()})`);
