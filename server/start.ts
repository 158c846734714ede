import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { buildServer } from './app.ts';
import { buildIfNeeded } from './build-if-needed.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(root, 'dist');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not "${process.env.PORT}".`);
  process.exit(1);
}

await buildIfNeeded(root, distDir);
const server = await buildServer({ distDir, logger: process.env.LOG_REQUESTS !== '0' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}

await server.listen({ port, host });
