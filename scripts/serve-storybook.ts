import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the static Storybook (`npm run build-storybook` → storybook-static/) on 127.0.0.1:PORT, for the
 * browser tests (playwright.config.ts starts it) or to look at a build: `PORT=6007 npx tsx scripts/serve-storybook.ts`.
 */
const root = resolve(process.env.STORYBOOK_DIR ?? 'storybook-static');
const port = Number(process.env.PORT ?? 6007);

if (!existsSync(join(root, 'iframe.html'))) {
  console.error(`No Storybook build in ${root}: run \`npm run build-storybook\` first.`);
  process.exit(1);
}
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT must be a port number, not "${process.env.PORT}".`);
  process.exit(1);
}

const server = Fastify();
await server.register(fastifyStatic, { root });
await server.listen({ port, host: '127.0.0.1' });
console.log(`Storybook from ${root} on http://127.0.0.1:${port}/`);
