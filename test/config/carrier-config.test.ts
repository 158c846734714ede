// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { carrierFingerprint, CarrierConfigError, resolveCarrierConfig } from '../../config/carrier-config.ts';
import { formatCarrierAddress, telHref } from '../../src/shared/carrier.ts';

describe('carrier configuration', () => {
  it('has a complete fictional default carrier', () => {
    const config = resolveCarrierConfig({});
    expect(config.name).toBe('Blue Ridge Freight Lines');
    expect(config.hiringPhone).toMatch(/555/);
    expect(config.recruitingEmail).toMatch(/\.example$/);
    expect(formatCarrierAddress(config)).toBe('1200 Commerce Parkway, Roanoke, VA 24012');
  });

  it('lets the environment override single values, nested ones included', () => {
    const config = resolveCarrierConfig({
      CARRIER_NAME: 'Prairie Haulers',
      CARRIER_CITY: 'Omaha',
      CARRIER_HIRING_PHONE: '+1 402 555 0199',
    });
    expect(config.name).toBe('Prairie Haulers');
    expect(config.address.city).toBe('Omaha');
    expect(config.address.street).toBe('1200 Commerce Parkway');
    expect(config.hiringPhone).toBe('+1 402 555 0199');
  });

  it('reads another file named by CARRIER_CONFIG', () => {
    const dir = mkdtempSync(join(tmpdir(), 'carrier-'));
    const path = join(dir, 'carrier.json');
    writeFileSync(
      path,
      JSON.stringify({
        name: 'Test',
        legalName: 'Test LLC',
        logo: '/logo.png',
        address: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '73301' },
        hiringPhone: '512-555-0100',
        recruitingEmail: 'jobs@test.example',
      }),
    );
    expect(resolveCarrierConfig({ CARRIER_CONFIG: path }).legalName).toBe('Test LLC');
  });

  it('names every bad or missing value in one clear error', () => {
    expect(() => resolveCarrierConfig({ CARRIER_RECRUITING_EMAIL: 'not-an-email', CARRIER_HIRING_PHONE: 'call us' })).toThrow(
      CarrierConfigError,
    );
    expect(() => resolveCarrierConfig({ CARRIER_RECRUITING_EMAIL: 'not-an-email', CARRIER_HIRING_PHONE: 'call us' })).toThrow(
      /recruitingEmail.*hiringPhone|hiringPhone.*recruitingEmail/,
    );
    expect(() => resolveCarrierConfig({ CARRIER_CONFIG: '/does/not/exist.json' })).toThrow(/Cannot read the carrier configuration/);
  });

  it('fingerprints a configuration so a stale build can be told', () => {
    const a = resolveCarrierConfig({});
    expect(carrierFingerprint(a)).toBe(carrierFingerprint(resolveCarrierConfig({})));
    expect(carrierFingerprint(a)).not.toBe(carrierFingerprint(resolveCarrierConfig({ CARRIER_NAME: 'Other' })));
  });
});

describe('telHref', () => {
  it.each([
    ['(540) 555-0142', 'tel:+15405550142'],
    ['+44 20 7946 0000', 'tel:+442079460000'],
    ['555-0142', 'tel:5550142'],
  ])('%s → %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});
