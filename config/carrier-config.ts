import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { object, string, type InferType } from 'yup';

/**
 * The carrier configuration (decision 30): `config/carrier.json`, or the file named by
 * `CARRIER_CONFIG`, with single values overridden by environment variables. Read at build time for
 * the browser bundle and at start-up by the server.
 */

const carrierSchema = object({
  name: string().trim().required(),
  legalName: string().trim().required(),
  logo: string().trim().required(),
  address: object({
    street: string().trim().required(),
    city: string().trim().required(),
    state: string().trim().required(),
    zip: string().trim().required(),
  }).required(),
  hiringPhone: string()
    .trim()
    .required()
    .matches(/^[0-9+()\-. ]{7,}$/, 'hiringPhone must be a phone number'),
  recruitingEmail: string().trim().email().required(),
});

export type CarrierConfig = InferType<typeof carrierSchema>;

const defaultConfigPath = fileURLToPath(new URL('./carrier.json', import.meta.url));

/** Environment variable → path in the configuration. */
const environmentOverrides = {
  CARRIER_NAME: ['name'],
  CARRIER_LEGAL_NAME: ['legalName'],
  CARRIER_LOGO: ['logo'],
  CARRIER_STREET: ['address', 'street'],
  CARRIER_CITY: ['address', 'city'],
  CARRIER_STATE: ['address', 'state'],
  CARRIER_ZIP: ['address', 'zip'],
  CARRIER_HIRING_PHONE: ['hiringPhone'],
  CARRIER_RECRUITING_EMAIL: ['recruitingEmail'],
} as const;

export class CarrierConfigError extends Error {
  override name = 'CarrierConfigError';
}

export function resolveCarrierConfig(env: Record<string, string | undefined> = process.env): CarrierConfig {
  const path = env.CARRIER_CONFIG || defaultConfigPath;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new CarrierConfigError(`Cannot read the carrier configuration ${path}: ${(error as Error).message}`);
  }
  for (const [variable, keys] of Object.entries(environmentOverrides)) {
    const value = env[variable];
    if (value === undefined || value === '') continue;
    let target: Record<string, unknown> = raw;
    for (const key of keys.slice(0, -1)) {
      target[key] = { ...(target[key] as Record<string, unknown> | undefined) };
      target = target[key] as Record<string, unknown>;
    }
    target[keys[keys.length - 1] as string] = value;
  }
  try {
    return carrierSchema.validateSync(raw, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    const messages = (error as { errors?: string[] }).errors ?? [(error as Error).message];
    throw new CarrierConfigError(`Invalid carrier configuration (${path}): ${messages.join('; ')}`);
  }
}

/** A short fingerprint of a configuration, to tell whether a build was made with it. */
export function carrierFingerprint(config: CarrierConfig): string {
  return createHash('sha256').update(JSON.stringify(config)).digest('hex').slice(0, 16);
}
