import { describe, expect, it } from 'vitest';
import { getOptions, optionLabel, optionLists, type Option, type OptionListName } from '../../machines/form/option-lists.ts';

const labels = (options: readonly Option[]) => options.map(({ label }) => label);
const values = (options: readonly Option[]) => options.map(({ value }) => value);

/** The spec's lists whose stored value is the spec text itself, typed out independently of the module. */
const plainLists: Record<string, readonly string[]> = {
  suffixes: ['Jr.', 'Sr.', 'I', 'II', 'III', 'IV', 'V'],
  relationships: [
    'Brother',
    'Brother in Law',
    'Cousin',
    'Daughter',
    'Ex-Husband',
    'Ex-Wife',
    'Father',
    'Father in Law',
    'Grandchild',
    'Mother',
    'Mother in Law',
    'Nephew',
    'Nephew in Law',
    'Niece',
    'Other',
    'Sister',
    'Sister in Law',
    'Son',
    'Spouse',
    'Spouse-Husband',
    'Spouse-Wife',
  ],
  generalBranches: [
    'Army',
    'Army Reserve',
    'Army National Guard',
    'Air Force',
    'Air Force Reserve',
    'Air National Guard',
    'Marines',
    'Marine Corps Reserve',
    'Navy',
    'Navy Reserve',
    'Coast Guard',
    'Coast Guard Reserve',
    'Merchant Marines',
    'National Guard',
    'No Military',
  ],
  militaryBranches: [
    'U.S. Army',
    'U.S Marine Corps',
    'U.S. Navy',
    'U.S. Air Force',
    'U.S. Space Force',
    'U.S. Coast Guard',
    'Air National Guard',
    'Army National Guard',
  ],
  countsTo3: ['0', '1', '2', '3+'],
  countsTo4: ['0', '1', '2', '3', '4+'],
  licenseClasses: ['Class A', 'AZ', 'B', 'C', 'D', 'E', 'F', 'O', 'R', '1', '2', '3', '4', '5', 'A Permit', 'G', 'G1', 'G2', 'None'],
  endorsements: ['None', 'Other', 'Tanker', 'Doubles/Triples', 'X Endorsement', 'HazMat'],
  violationCharges: [
    'Careless/Reckless Driving',
    'Driving Without A License',
    'DUI/OWI',
    'Failure to Obey Signal',
    'Following Too Closely',
    'Improper Lane Change',
    'Seat Belt',
    'Speeding',
    'Too Fast for Conditions',
    'Violation Resulting from Accident',
    'Driving with Suspended License',
    'Failure to Report Accident',
    'Failure to Yield',
    'Improper Passing',
    'Improper Turn',
    'Improper Backing',
    'No Insurance/Proof of Insurance',
    'Leaving Scene of Accident',
    'Defective Equipment',
    'Hazmat Violation',
    'Lane Violation',
    'Overweight',
    'Cell Phone Usage',
    'Texting While Driving',
    'Inattentive Driving',
    'Hours of Service',
    'Other',
  ],
  penalties: ['Fine', 'Suspension', 'Revocation', 'Community Service', 'Other'],
  fineBands: ['$0-$99', '100-$199', '$200-$299', '$300-$399', '$400-$499', '$500+'],
  accidentTypes: ['Non-Injury', 'Injury', 'Fatality'],
  weeklyMiles: ['0-500', '500-1000', '1000-1500', '1500-2000', '2000-2500', '2500-3000', '3000-3500', '3500+'],
  trucks: [
    'Tanker',
    'Bus - Straight',
    'Bus - Articulated',
    'Cabover Tractor',
    'Class B Vehicle',
    'Conventional Tractor',
    'Tractor-Trailer',
    'Day Cab',
    'Day Cab Conventional',
    'Dump Truck',
    'LC Truck',
    'Straight Truck',
    'Yard Horse',
    'Other',
  ],
  trailers: ['Flatbed', 'Van', 'Container', 'Doubles', 'Liftgate', 'Reefer Trailer', 'Tank Trailer', 'Step Deck', 'RGN', 'Car Hauler', 'Log Trailer', 'Other'],
  trailerLengths: ['31 feet or less', '32 to 44 feet', '45 to 52 feet', '53 feet or more', 'Other'],
  skillsTrained: ['Border Crossing', 'Log Books', 'Federal Motor Carrier Regulations', 'Hazardous Materials'],
  historyItemTypes: ['Employment/Contract', 'Unemployment', 'School', 'Driving School', 'Military'],
};

const expectedCounts: Record<string, number> = {
  suffixes: 7,
  relationships: 21,
  generalBranches: 15,
  militaryBranches: 8,
  countsTo3: 4,
  countsTo4: 5,
  licenseClasses: 19,
  endorsements: 6,
  violationCharges: 27,
  penalties: 5,
  fineBands: 6,
  accidentTypes: 3,
  weeklyMiles: 8,
  trucks: 14,
  trailers: 12,
  trailerLengths: 5,
  skillsTrained: 4,
  historyItemTypes: 5,
};

/** Lists with their own values, typed out in full. */
const valuedLists: Record<string, readonly Option[]> = {
  commercialDrivingExperience: [
    { value: 'experienced-otr', label: 'Experienced driver with more than 2 years OTR' },
    { value: 'cdl-needs-otr-training', label: 'CDL, but need OTR training on reefer' },
    { value: 'permit-needs-cdl', label: 'Permit, but need a CDL' },
    { value: 'needs-permit', label: 'Need a permit' },
  ],
  preferredEquipment: [
    { value: 'Automatic', label: 'Automatic Transmission' },
    { value: 'Manual', label: 'Manual Transmission' },
  ],
  contactMethods: [
    { value: 'phone', label: 'Phone call' },
    { value: 'text', label: 'Text message' },
    { value: 'email', label: 'Email' },
  ],
  contactTimes: [
    { value: 'morning', label: 'Morning (8am–12pm)' },
    { value: 'afternoon', label: 'Afternoon (12pm–5pm)' },
    { value: 'evening', label: 'Evening (5pm–8pm)' },
    { value: 'any', label: 'Any time' },
  ],
  lastDrugUse: [
    { value: 'never', label: 'Never' },
    { value: 'date', label: 'I will give the month and year' },
  ],
  trailerHaulingTypes: [
    { value: 'flatbed', label: 'Flatbed' },
    { value: 'van', label: 'Van' },
    { value: 'tanker', label: 'Tanker' },
    { value: 'refrigerated', label: 'Refrigerated' },
    { value: 'hazmat', label: 'Hazmat' },
    { value: 'dropdeck', label: 'Dropdeck' },
  ],
};

/** The 50 US states plus DC, Guam and Puerto Rico, sorted by name. */
const expectedStates: readonly Option[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['GU', 'Guam'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
].map(([value = '', label = '']) => ({ value, label }));

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
