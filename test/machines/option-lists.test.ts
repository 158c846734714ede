import { describe, expect, it } from 'vitest';
import { getOptions, optionLabel, optionLists, type Option, type OptionListName } from '../../machines/form/option-lists.ts';
import { expectedCounts, expectedStates, plainLists, valuedLists } from '../support/spec-option-lists.ts';

const labels = (options: readonly Option[]) => options.map(({ label }) => label);
const values = (options: readonly Option[]) => options.map(({ value }) => value);

/** The spec's lists whose stored value is the spec text itself, typed out independently of the module. */
const allListNames = [
  ...Object.keys(plainLists),
  ...Object.keys(valuedLists),
  'states',
  'countries',
  'hoursOfInstruction',
].sort();

describe('the option lists', () => {
  it('declares exactly the expected lists', () => {
    expect(Object.keys(optionLists).sort()).toEqual(allListNames);
  });

  it('has every list non-empty with unique values and unique labels', () => {
    for (const name of Object.keys(optionLists) as OptionListName[]) {
      const options = getOptions(name);
      expect(options.length, name).toBeGreaterThan(0);
      expect(new Set(values(options)).size, name).toBe(options.length);
      expect(new Set(labels(options)).size, name).toBe(options.length);
    }
  });

  it.each(Object.entries(plainLists))('gives %s the exact spec texts, in order, with value equal to label', (name, texts) => {
    const options = getOptions(name as OptionListName);
    expect(options).toHaveLength(expectedCounts[name] ?? -1);
    expect(labels(options)).toEqual(texts);
    expect(values(options)).toEqual(texts);
  });

  it.each(Object.entries(valuedLists))('gives %s its values and labels', (name, expected) => {
    expect(getOptions(name as OptionListName)).toEqual(expected);
  });

  it('keeps the odd spellings of the spec', () => {
    expect(values(optionLists.militaryBranches)).toContain('U.S Marine Corps');
    expect(values(optionLists.fineBands)).toContain('100-$199');
  });
});

describe('the states list', () => {
  it('holds the 50 states plus DC, Guam and Puerto Rico (53), by code and name, sorted by name', () => {
    expect(optionLists.states).toHaveLength(53);
    expect(optionLists.states).toEqual(expectedStates);
  });

  it('includes DC, GU and PR and has unique two-letter codes', () => {
    const codes = values(optionLists.states);
    expect(codes).toEqual(expect.arrayContaining(['DC', 'GU', 'PR']));
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });
});

describe('the countries list', () => {
  const list = optionLists.countries;

  it('is the full ISO 3166-1 list with United States first', () => {
    expect(list.length).toBeGreaterThanOrEqual(249);
    expect(list[0]).toEqual({ value: 'US', label: 'United States' });
    expect(values(list).filter((code) => code === 'US')).toHaveLength(1);
  });

  it('uses unique two-letter upper-case codes and unique names', () => {
    for (const { value, label } of list) {
      expect(value).toMatch(/^[A-Z]{2}$/);
      expect(label.trim(), value).not.toBe('');
    }
    expect(new Set(values(list)).size).toBe(list.length);
    expect(new Set(labels(list)).size).toBe(list.length);
  });

  it('names neighbours and common countries sensibly', () => {
    expect(optionLabel('countries', 'CA')).toBe('Canada');
    expect(optionLabel('countries', 'MX')).toBe('Mexico');
    expect(optionLabel('countries', 'GB')).toBe('United Kingdom');
    expect(optionLabel('countries', 'DE')).toBe('Germany');
    expect(optionLabel('countries', 'AE')).toBe('United Arab Emirates');
    expect(optionLabel('countries', 'CG')).not.toBe(optionLabel('countries', 'CD'));
  });

  it('sorts every entry after the first by English name', () => {
    const rest = labels(list.slice(1));
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('the hours-of-instruction list', () => {
  it('runs from 10+ to 200+ in steps of 10', () => {
    const expected = ['10+', '20+', '30+', '40+', '50+', '60+', '70+', '80+', '90+', '100+'];
    expected.push('110+', '120+', '130+', '140+', '150+', '160+', '170+', '180+', '190+', '200+');
    expect(optionLists.hoursOfInstruction).toHaveLength(20);
    expect(labels(optionLists.hoursOfInstruction)).toEqual(expected);
    expect(values(optionLists.hoursOfInstruction)).toEqual(expected);
  });
});

describe('getOptions and optionLabel', () => {
  it('getOptions returns the declared list', () => {
    expect(getOptions('suffixes')).toBe(optionLists.suffixes);
    expect(getOptions('countries')).toBe(optionLists.countries);
  });

  it('optionLabel finds the label for a value', () => {
    expect(optionLabel('states', 'TX')).toBe('Texas');
    expect(optionLabel('preferredEquipment', 'Manual')).toBe('Manual Transmission');
    expect(optionLabel('commercialDrivingExperience', 'needs-permit')).toBe('Need a permit');
    expect(optionLabel('contactTimes', 'any')).toBe('Any time');
    expect(optionLabel('suffixes', 'Jr.')).toBe('Jr.');
    expect(optionLabel('countries', 'US')).toBe('United States');
  });

  it('optionLabel returns undefined for an unknown value, and matches values exactly', () => {
    expect(optionLabel('states', 'XX')).toBeUndefined();
    expect(optionLabel('states', 'tx')).toBeUndefined();
    expect(optionLabel('states', 'Texas')).toBeUndefined();
    expect(optionLabel('suffixes', '')).toBeUndefined();
  });
});
