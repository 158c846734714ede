import { join } from 'node:path';
import { resolveCarrierConfig } from '../config/carrier-config.ts';
import { buildServer } from './app.ts';
import { buildIfNeeded } from './build-if-needed.ts';
import { createApplicationStore } from './db/application-store.ts';
import { createRecruiterStore } from './db/recruiter-store.ts';
import { dataDirOf, openDatabase, projectRoot as root } from './open-database.ts';
import { defaultSessionIdleMs } from './recruiter/recruiter-routes.ts';
import { loadEncryptionKey } from './crypto/ssn-cipher.ts';
import { createMailTransportInThread } from './mail/mail-thread.ts';

const distDir = join(root, 'dist');
const dataDir = dataDirOf();
const production = process.env.NODE_ENV === 'production';
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number, not "${process.env.PORT}".`);
const idleMinutes = Number(process.env.RECRUITER_SESSION_IDLE_MINUTES ?? defaultSessionIdleMs / 60_000);
if (!Number.isFinite(idleMinutes) || idleMinutes <= 0) {
  fail(`RECRUITER_SESSION_IDLE_MINUTES must be a number of minutes above 0, not "${process.env.RECRUITER_SESSION_IDLE_MINUTES}".`);
}
const publicUrl = process.env.PUBLIC_URL || `http://localhost:${port}`;
try {
  const url = new URL(publicUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
} catch {
  fail(`PUBLIC_URL must be the app's public address, such as https://apply.example.com, not "${publicUrl}".`);
}

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

let db;
try {
  db = await openDatabase();
} catch (error) {
  fail((error as Error).message);
}
const store = createApplicationStore(db);
const recruiters = createRecruiterStore(db);
await recruiters.backfillInboxColumns();

const mail = createMailTransportInThread({
  smtpUrl: process.env.SMTP_URL || undefined,
  outboxDir: join(dataDir, 'outbox'),
  logger: { info: (message) => console.info(message), warn: (message) => console.warn(message) },
});
if (mail.warning) console.warn(mail.warning);

const server = await buildServer({
  distDir,
  production,
  logger: process.env.LOG_REQUESTS !== '0',
  benchNoopPost: process.env.BENCH_NOOP_POST === '1',
  api: {
    store,
    encryptionKey,
    carrier,
    mail,
    publicUrl,
    submissionsPerMinute: Number(process.env.RATE_LIMIT_SUBMISSIONS_PER_MINUTE ?? 20),
  },
  recruiter: {
    store,
    recruiters,
    encryptionKey,
    carrier,
    publicUrl,
    sessionIdleMs: idleMinutes * 60_000,
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
