import type { StateValue } from 'xstate';
import type { ApplicationEvent } from '../../../machines/application-machine.ts';

/**
 * A path through the application: the events a person sends, in order, from an empty application at
 * `/` (what Start over leaves). Generated paths, recorded sessions and imported files share this
 * shape; an exported file is this object as JSON.
 */

export const pathFormat = 'driver-application-path';
export const pathFormatVersion = 1;

/** The events a person's actions send (the machine's internal `application.completed` is not one). */
export type PersonEvent = Exclude<ApplicationEvent, { type: 'application.completed' }>;

export interface InspectorPath {
  readonly format: typeof pathFormat;
  readonly version: typeof pathFormatVersion;
  /** What the path is, e.g. "Step 6: Military Service" or "Recorded session". */
  readonly name: string;
  /** Where it comes from: generated from the machine, recorded in the app, or imported from a file. */
  readonly origin: 'generated' | 'recorded' | 'imported';
  readonly events: readonly PersonEvent[];
  /** The state value the path lands on (the machine's, when generated; the app's, when recorded). */
  readonly expectedValue: StateValue;
}

const personEventTypes = new Set<string>([
  'step.next',
  'step.back',
  'route.changed',
  'answer.changed',
  'answer.left',
  'entry.added',
  'entry.removed',
  'entry.answer.changed',
  'history.form.opened',
  'history.form.changed',
  'history.form.left',
  'history.form.saved',
  'history.form.cancelled',
  'history.item.removed',
  'notice.acknowledged',
  'notice.unacknowledged',
  'signature.drawn',
  'signature.typed',
  'signature.cleared',
  'submit.requested',
]);

export function isPersonEventType(type: string): boolean {
  return personEventTypes.has(type);
}

/** Stands in for the SSN in an exported file: a valid number's shape, never a real one. */
export const placeholderSsn = '000-00-0000';
/** Stands in for a drawn signature in an exported file: a 1×1 transparent PNG. */
export const placeholderSignature =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * The path as it is written to a file: the SSN and a drawn signature replaced by placeholders of the
 * same shape, so the file can go into a bug report and still replays to the same states.
 */
export function pathForExport(path: InspectorPath): InspectorPath {
  return {
    ...path,
    events: path.events.map((event) => {
      if ('name' in event && event.name === 'ssn' && 'value' in event && event.value !== '') return { ...event, value: placeholderSsn };
      if (event.type === 'signature.drawn') return { ...event, image: placeholderSignature };
      return event;
    }),
  };
}

export function serializePath(path: InspectorPath): string {
  return `${JSON.stringify(pathForExport(path), null, 2)}\n`;
}

export function fileNameFor(path: InspectorPath, now = new Date()): string {
  const slug = path.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'path';
  return `${slug}-${now.toISOString().replace(/[:.]/g, '-')}.json`;
}

/** The largest file an import reads. */
export const maxPathFileSize = 2 * 1024 * 1024;
const maxEvents = 10_000;

function isStringOrStrings(value: unknown): boolean {
  return typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
}

function isStateValue(value: unknown, depth = 0): value is StateValue {
  if (typeof value === 'string') return true;
  if (depth > 10 || typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((child) => isStateValue(child, depth + 1));
}

function isPersonEvent(value: unknown): value is PersonEvent {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { type, ...rest } = value as Record<string, unknown>;
  if (typeof type !== 'string' || !isPersonEventType(type)) return false;
  return Object.values(rest).every(isStringOrStrings);
}

export class PathFileError extends Error {
  override name = 'PathFileError';
}

/** Reads an exported path; throws PathFileError saying what is wrong with anything else. */
export function parsePath(text: string): InspectorPath {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new PathFileError('The file is not JSON.');
  }
  if (typeof data !== 'object' || data === null) throw new PathFileError('The file does not hold a path.');
  const record = data as Record<string, unknown>;
  if (record.format !== pathFormat) throw new PathFileError(`The file is not a ${pathFormat} file.`);
  if (record.version !== pathFormatVersion) throw new PathFileError(`The file is version ${String(record.version)}; this inspector reads version ${pathFormatVersion}.`);
  if (!Array.isArray(record.events) || record.events.length > maxEvents) throw new PathFileError('The file has no list of events.');
  const wrong = record.events.findIndex((event) => !isPersonEvent(event));
  if (wrong !== -1) throw new PathFileError(`Event ${wrong + 1} is not an event a person sends to the application.`);
  if (!isStateValue(record.expectedValue)) throw new PathFileError('The file does not say which state the path lands on.');
  const name = typeof record.name === 'string' && record.name.trim() !== '' ? record.name.slice(0, 200) : 'Imported path';
  return {
    format: pathFormat,
    version: pathFormatVersion,
    name,
    origin: 'imported',
    events: record.events as PersonEvent[],
    expectedValue: record.expectedValue,
  };
}
