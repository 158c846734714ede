import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';
import type { CarrierConfig } from './carrier-config.ts';

/**
 * The nine legal notices are Markdown content files (decision 30): `config/notices/<id>.md`, or the
 * same file names in the folder named by `CARRIER_NOTICES_DIR`, so a carrier's counsel can replace them
 * without touching code. Placeholders `{{carrier.name}}`, `{{carrier.legalName}}`,
 * `{{carrier.address}}`, `{{carrier.hiringPhone}}` and `{{carrier.recruitingEmail}}` are filled from
 * the carrier configuration.
 */

export const noticeIds = [
  'rights',
  'authorization',
  'disclosure',
  'disclaimers',
  'verification',
  'consent',
  'summary',
  'passengers',
  'firearm',
] as const;

export type NoticeContentId = (typeof noticeIds)[number];

const defaultNoticesDir = fileURLToPath(new URL('./notices/', import.meta.url));

export function noticesDir(env: Record<string, string | undefined> = process.env): string {
  return env.CARRIER_NOTICES_DIR || defaultNoticesDir;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function placeholders(carrier: CarrierConfig): Record<string, string> {
  const { street, city, state, zip } = carrier.address;
  return {
    'carrier.name': carrier.name,
    'carrier.legalName': carrier.legalName,
    'carrier.address': `${street}, ${city}, ${state} ${zip}`,
    'carrier.hiringPhone': carrier.hiringPhone,
    'carrier.recruitingEmail': carrier.recruitingEmail,
  };
}

export class NoticeContentError extends Error {
  override name = 'NoticeContentError';
}

/** The Markdown of every notice with the carrier's details filled in (values escaped for Markdown/HTML). */
export function loadNoticeMarkdown(carrier: CarrierConfig, env: Record<string, string | undefined> = process.env): Record<NoticeContentId, string> {
  const dir = noticesDir(env);
  const values = placeholders(carrier);
  const entries = noticeIds.map((id) => {
    const path = join(dir, `${id}.md`);
    if (!existsSync(path)) throw new NoticeContentError(`The notice file ${path} is missing (one file per notice: ${noticeIds.join(', ')}).`);
    const text = readFileSync(path, 'utf8').replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, key: string) => {
      const value = values[key];
      if (value === undefined) throw new NoticeContentError(`Unknown placeholder ${match} in ${path}.`);
      return escapeHtml(value);
    });
    return [id, text] as const;
  });
  return Object.fromEntries(entries) as Record<NoticeContentId, string>;
}

/** Markdown → HTML. The files are the carrier's own content; raw HTML in them is escaped, not rendered. */
export function renderNoticeHtml(markdown: string): string {
  const renderer = new marked.Renderer();
  renderer.html = ({ text }) => escapeHtml(text);
  return marked.parse(markdown, { async: false, gfm: true, renderer }) as string;
}

export function loadNoticeHtml(carrier: CarrierConfig, env: Record<string, string | undefined> = process.env): Record<NoticeContentId, string> {
  const markdown = loadNoticeMarkdown(carrier, env);
  return Object.fromEntries(noticeIds.map((id) => [id, renderNoticeHtml(markdown[id])])) as Record<NoticeContentId, string>;
}
