import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifyRateLimit from '@fastify/rate-limit';
import helmet from 'helmet';
import type { DestinationStream } from 'pino';
import { isApplicationPath } from '../machines/steps.ts';
import { applicationsRoutes, downloadPathPrefix, submissionBodyLimit, submissionRateLimit, type ApplicationsRoutesOptions } from './api/applications-routes.ts';
import { recruiterRoutes, type RecruiterRoutesOptions } from './recruiter/recruiter-routes.ts';

export interface ServerOptions {
  /** The Vite build output to serve. */
  distDir: string;
  /** The API; without it only the app is served (the static-only server of the early tests). */
  api?: ApplicationsRoutesOptions;
  /** The carrier's recruiting inbox under /recruiter (issue 9). */
  recruiter?: RecruiterRoutesOptions;
  /** Log one line per request (pino); off in most tests. */
  logger?: boolean;
  /** Where log lines go (tests capture them); standard output by default. */
  logStream?: DestinationStream;
  production?: boolean;
  /**
   * `POST /api/bench/noop`: the benchmark's reference for a submission (`npm run bench`): the same
   * body limit, rate limit and JSON parsing as `POST /api/applications`, then the no-op's answer.
   * Off unless the bench's server asks for it (`BENCH_NOOP_POST=1`).
   */
  benchNoopPost?: boolean;
}

/** The bench's reference route for a submission (`benchNoopPost`). */
export const benchNoopPostPath = '/api/bench/noop';

/** Personal data that may never reach a log line (decision 31): paths in any logged object. */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.ssn',
  '*["date-of-birth"]',
  '*["license-number"]',
  '*.signature',
  '*.image',
  'body',
  '*.body',
];

/** A request's path as it may be logged: the private download token is never written down. */
export function loggablePath(url: string): string {
  const path = url.split('?', 1)[0] ?? url;
  return path.startsWith(downloadPathPrefix) ? `${downloadPathPrefix}[token]` : path;
}

/** One line per request: method, path (token removed), status, time; nothing from the body. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      path: loggablePath(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}

/** The stylesheets the built app's page links (the recruiter pages reuse the app's styles). */
export function stylesheetsOf(indexHtml: string): string[] {
  return [...indexHtml.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].flatMap((match) => {
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
    return href ? [href] : [];
  });
}

const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/**
 * The application server: the built app (its HTML for every route of the step list, Not Found with
 * status 404 for any other path), the API, security headers on every response, a rate limit on
 * submissions, one log line per request, and errors that never show a stack trace to a client.
 */
export async function buildServer({ distDir, api, recruiter, logger = false, logStream, production = false, benchNoopPost = false }: ServerOptions): Promise<FastifyInstance> {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`No build at ${distDir}: run \`npm run build\` first.`);
  // `index.html` holds the pre-rendered home page; every other page starts from the empty shell.
  const homeHtml = readFileSync(indexPath, 'utf8');
  const shellPath = join(distDir, 'app.html');
  const shellHtml = existsSync(shellPath) ? readFileSync(shellPath, 'utf8') : homeHtml;

  const server = Fastify({
    logger: logger ? { level: 'info', redact: { paths: redactedLogPaths, censor: '[redacted]' }, ...(logStream ? { stream: logStream } : {}) } : false,
    logController: new OneLinePerRequest(),
    trustProxy: process.env.TRUST_PROXY === '1',
  });

  // Helmet's headers, built once: the Fastify plugin rebuilds (and re-parses the CSP) on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy,
    referrerPolicy: { policy: 'no-referrer' },
    hsts: production ? { maxAge: 31_536_000 } : false,
    crossOriginEmbedderPolicy: false,
    // The hosted inspector (`?inspect`, preview builds) talks to the window it opens.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  server.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  await server.register(fastifyRateLimit, { global: false });
  // Pages compressed on the way out (a fast Brotli level); the built assets are stored
  // compressed by the build (config/page-plugins.ts) and sent as they are.
  await server.register(fastifyCompress, {
    // Only the pages ask for it (their route's `compress` option): the API's answers are small JSON.
    global: false,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });

  server.setErrorHandler((error: { statusCode?: number; message?: string; code?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const messages: Record<number, string> = {
      400: 'The request could not be read. Send the application as JSON.',
      413: 'The application is too large (2 MB at most).',
      415: 'Send the application as JSON (Content-Type: application/json).',
      429: 'Too many submissions from this address. Wait a minute and try again.',
    };
    return reply.code(status).send({
      error: status >= 500 ? 'server-error' : (error.code ?? 'bad-request').toLowerCase(),
      message: messages[status] ?? (status >= 500 ? 'Something went wrong on our side. Your answers are safe: try again.' : 'The request was refused.'),
    });
  });

  // JSON only: every other body (form posts, plain text, …) is refused with 415.
  server.removeContentTypeParser('text/plain');
  server.addContentTypeParser('*', (request, _payload, done) => {
    const error = Object.assign(new Error('Unsupported media type'), { statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    done(request.method === 'GET' || request.method === 'HEAD' ? null : error, undefined);
  });

  // Liveness: the process is up and answering (no database round trip), for a load balancer, a
  // readiness wait, and the benchmark's no-op baseline (`npm run bench`).
  server.get('/api/health', async () => ({ status: 'ok' }));
  if (benchNoopPost) {
    server.post(benchNoopPostPath, { bodyLimit: submissionBodyLimit, config: { rateLimit: submissionRateLimit(api?.submissionsPerMinute) } }, async () => ({ status: 'ok' }));
  }

  if (api) await server.register(applicationsRoutes, api);
  if (recruiter) await server.register(recruiterRoutes, { production, ...recruiter, stylesheets: stylesheetsOf(shellHtml) });

  await server.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      const hashed = path.startsWith(join(distDir, 'assets'));
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const notFound = { error: 'not-found', message: 'Not Found' };
  // Every other page: the application's HTML (a route, so it is compressed like any answer), with 404 off the step list.
  server.get('/*', { compress: {} }, (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.code(404).send(notFound);
    const status = isApplicationPath(request.url) ? 200 : 404;
    const html = new URL(request.url, 'http://localhost').pathname === '/' ? homeHtml : shellHtml;
    return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
  server.setNotFoundHandler((_request, reply) => reply.code(404).send(notFound));

  return server;
}
