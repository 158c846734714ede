import type { CarrierConfig } from '../../config/carrier-config.ts';

declare const __CARRIER__: CarrierConfig;

/** The carrier configuration, resolved at build time from `config/carrier.json` and the environment. */
export const carrier: CarrierConfig = __CARRIER__;

/** A `tel:` link for a phone number as people write it; ten digits are taken as a North American number. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^0-9+]/g, '');
  if (digits.startsWith('+')) return `tel:${digits}`;
  return digits.length === 10 ? `tel:+1${digits}` : `tel:${digits}`;
}

export function formatCarrierAddress(config: CarrierConfig = carrier): string {
  const { street, city, state, zip } = config.address;
  return `${street}, ${city}, ${state} ${zip}`;
}
