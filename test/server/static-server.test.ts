// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app.ts';
import { specStepList, unknownPaths } from '../support/spec-route-table.ts';

let distDir: string;
let server: FastifyInstance;
const homeHtml = '<!doctype html><html><body><div id="root"><h1>Home</h1></div></body></html>';
const shellHtml = '<!doctype html><html><body><div id="root"></div></body></html>';

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), homeHtml);
  writeFileSync(join(distDir, 'app.html'), shellHtml);
  writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(distDir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(distDir, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
  writeFileSync(join(distDir, 'carrier-logo.svg'), '<svg/>');
  server = await buildServer({ distDir });
});

afterAll(async () => {
  await server.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('the application server', () => {
  it('answers / with the pre-rendered home page, also with a query', async () => {
    for (const url of ['/', '/?utm_source=job-board']) {
      const response = await server.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toBe(homeHtml);
    }
  });

  it.each([...new Set(specStepList.map((entry) => entry.route))].filter((route) => route !== '/'))(
    'answers %s with the application shell (200)',
    async (url) => {
      const response = await server.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toBe(shellHtml);
    },
  );

  it.each(unknownPaths)('answers the unknown path %s with the app and status 404', async (url) => {
    const response = await server.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(shellHtml);
  });

  it('serves hashed assets with long-lived caching and other files with revalidation', async () => {
    const asset = await server.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const logo = await server.inject({ method: 'GET', url: '/carrier-logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('no-cache');
  });

  it('sends the stored compressed copy of an asset to a browser that accepts it, the plain file otherwise', async () => {
    const brotli = await server.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    const gzip = await server.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await server.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('compresses pages on the way out', async () => {
    const large = `<!doctype html><html><body><div id="root">${'<p>Before you start</p>'.repeat(200)}</div></body></html>`;
    const dir = mkdtempSync(join(tmpdir(), 'dist-'));
    writeFileSync(join(dir, 'index.html'), large);
    const pages = await buildServer({ distDir: dir });
    try {
      const response = await pages.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(large);
    } finally {
      await pages.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers a missing asset and a non-GET request with 404, not the app', async () => {
    const missing = await server.inject({ method: 'POST', url: '/form/1/requirements' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not-found', message: 'Not Found' });
  });

  it('answers GET /api/health with 200 and a JSON status, not the app', async () => {
    const response = await server.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ status: 'ok' });
    const post = await server.inject({ method: 'POST', url: '/api/health' });
    expect(post.statusCode).toBe(404);
  });

  it('sends the security headers on every response', async () => {
    for (const url of ['/', '/nope', '/assets/index-abc123.js', '/api/health']) {
      const response = await server.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('refuses to start without a build', async () => {
    await expect(buildServer({ distDir: join(distDir, 'nothing') })).rejects.toThrow(/npm run build/);
  });
});
