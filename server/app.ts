import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isApplicationPath } from '../machines/steps.ts';

export interface ServerOptions {
  /** The Vite build output to serve. */
  distDir: string;
  logger?: boolean;
}

/**
 * Serves the built application: hashed assets with long-lived caching, and the app's HTML for every
 * route of the step list. Any other path gets the same HTML with status 404, so the browser shows
 * the Not Found page and crawlers and monitors see the right status.
 */
export async function buildServer({ distDir, logger = false }: ServerOptions): Promise<FastifyInstance> {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`No build at ${distDir}: run \`npm run build\` first.`);
  const indexHtml = readFileSync(indexPath, 'utf8');

  const server = Fastify({ logger });

  await server.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: false,
    cacheControl: false,
    setHeaders(reply, path) {
      const hashed = path.startsWith(join(distDir, 'assets'));
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  server.setNotFoundHandler((request, reply) => {
    const acceptsHtml = request.method === 'GET' || request.method === 'HEAD';
    if (!acceptsHtml) {
      return reply.code(404).send({ error: 'Not Found' });
    }
    const status = isApplicationPath(request.url) ? 200 : 404;
    return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });

  return server;
}
