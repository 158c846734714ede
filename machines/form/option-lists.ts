/**
 * Every choice list of the product spec, declared once as data (spec §3 and "Shared choice lists").
 *
 * Used by the browser bundle, the server and the tests, so it stays free of React and of side
 * effects, apart from registering the English country names with `i18n-iso-countries`.
 */
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

export interface Option {
  readonly value: string;
  readonly label: string;
}

/** Options whose value is the spec's text itself, typed as literals (`value === label`). */
type PlainOptions<T extends readonly string[]> = { readonly [K in keyof T]: { readonly value: T[K]; readonly label: T[K] } };

function plain<const T extends readonly string[]>(...labels: T): PlainOptions<T> {
  return labels.map((label) => ({ value: label, label })) as unknown as PlainOptions<T>;
}

countries.registerLocale(en);

/**
 * Country codes whose short ("alias") English name makes a poor label, so the official name is
 * used instead: an abbreviation (UK, UAE), an inverted name ("Korea, Republic of"), a name shared
 * by two countries ("Congo"), a leading article that would misplace it in the sort
 * ("The Netherlands"), or a name stripped of its diacritic ("Aland Islands").
 */
const officialNameCodes: ReadonlySet<string> = new Set(['GB', 'AE', 'KR', 'CG', 'CD', 'NL', 'AX']);

/** ISO 3166-1 alpha-2 countries: United States first, then the rest sorted by English name. */
function buildCountryOptions(): readonly Option[] {
  const aliases = countries.getNames('en', { select: 'alias' });
  const officials = countries.getNames('en', { select: 'official' });
  const options = Object.keys(countries.getAlpha2Codes()).map((code): Option => {
    const label = (officialNameCodes.has(code) ? officials[code] : aliases[code]) ?? officials[code] ?? code;
    return { value: code, label };
  });
  const unitedStates: Option = { value: 'US', label: 'United States' };
  // One collator for the whole sort: `localeCompare` with a locale builds one per comparison.
  const { compare } = new Intl.Collator('en');
  const rest = options.filter(({ value }) => value !== 'US').sort((a, b) => compare(a.label, b.label));
  return [unitedStates, ...rest];
}

const countryOptions: readonly Option[] = buildCountryOptions();

/** Hours of instruction: 10+ up to 200+ in steps of 10. */
const hoursOfInstructionOptions: readonly Option[] = Array.from({ length: 20 }, (_, index) => {
  const text = `${(index + 1) * 10}+`;
  return { value: text, label: text };
});

export const optionLists = {
  suffixes: plain('Jr.', 'Sr.', 'I', 'II', 'III', 'IV', 'V'),
  relationships: plain(
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
  ),
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
  generalBranches: plain(
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
  ),
  militaryBranches: plain(
    'U.S. Army',
    'U.S Marine Corps',
    'U.S. Navy',
    'U.S. Air Force',
    'U.S. Space Force',
    'U.S. Coast Guard',
    'Air National Guard',
    'Army National Guard',
  ),
  countsTo3: plain('0', '1', '2', '3+'),
  countsTo4: plain('0', '1', '2', '3', '4+'),
  licenseClasses: plain(
    'Class A',
    'AZ',
    'B',
    'C',
    'D',
    'E',
    'F',
    'O',
    'R',
    '1',
    '2',
    '3',
    '4',
    '5',
    'A Permit',
    'G',
    'G1',
    'G2',
    'None',
  ),
  endorsements: plain('None', 'Other', 'Tanker', 'Doubles/Triples', 'X Endorsement', 'HazMat'),
  violationCharges: plain(
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
  ),
  penalties: plain('Fine', 'Suspension', 'Revocation', 'Community Service', 'Other'),
  fineBands: plain('$0-$99', '100-$199', '$200-$299', '$300-$399', '$400-$499', '$500+'),
  accidentTypes: plain('Non-Injury', 'Injury', 'Fatality'),
  states: [
    { value: 'AL', label: 'Alabama' },
    { value: 'AK', label: 'Alaska' },
    { value: 'AZ', label: 'Arizona' },
    { value: 'AR', label: 'Arkansas' },
    { value: 'CA', label: 'California' },
    { value: 'CO', label: 'Colorado' },
    { value: 'CT', label: 'Connecticut' },
    { value: 'DE', label: 'Delaware' },
    { value: 'DC', label: 'District of Columbia' },
    { value: 'FL', label: 'Florida' },
    { value: 'GA', label: 'Georgia' },
    { value: 'GU', label: 'Guam' },
    { value: 'HI', label: 'Hawaii' },
    { value: 'ID', label: 'Idaho' },
    { value: 'IL', label: 'Illinois' },
    { value: 'IN', label: 'Indiana' },
    { value: 'IA', label: 'Iowa' },
    { value: 'KS', label: 'Kansas' },
    { value: 'KY', label: 'Kentucky' },
    { value: 'LA', label: 'Louisiana' },
    { value: 'ME', label: 'Maine' },
    { value: 'MD', label: 'Maryland' },
    { value: 'MA', label: 'Massachusetts' },
    { value: 'MI', label: 'Michigan' },
    { value: 'MN', label: 'Minnesota' },
    { value: 'MS', label: 'Mississippi' },
    { value: 'MO', label: 'Missouri' },
    { value: 'MT', label: 'Montana' },
    { value: 'NE', label: 'Nebraska' },
    { value: 'NV', label: 'Nevada' },
    { value: 'NH', label: 'New Hampshire' },
    { value: 'NJ', label: 'New Jersey' },
    { value: 'NM', label: 'New Mexico' },
    { value: 'NY', label: 'New York' },
    { value: 'NC', label: 'North Carolina' },
    { value: 'ND', label: 'North Dakota' },
    { value: 'OH', label: 'Ohio' },
    { value: 'OK', label: 'Oklahoma' },
    { value: 'OR', label: 'Oregon' },
    { value: 'PA', label: 'Pennsylvania' },
    { value: 'PR', label: 'Puerto Rico' },
    { value: 'RI', label: 'Rhode Island' },
    { value: 'SC', label: 'South Carolina' },
    { value: 'SD', label: 'South Dakota' },
    { value: 'TN', label: 'Tennessee' },
    { value: 'TX', label: 'Texas' },
    { value: 'UT', label: 'Utah' },
    { value: 'VT', label: 'Vermont' },
    { value: 'VA', label: 'Virginia' },
    { value: 'WA', label: 'Washington' },
    { value: 'WV', label: 'West Virginia' },
    { value: 'WI', label: 'Wisconsin' },
    { value: 'WY', label: 'Wyoming' },
  ],
  countries: countryOptions,
  weeklyMiles: plain('0-500', '500-1000', '1000-1500', '1500-2000', '2000-2500', '2500-3000', '3000-3500', '3500+'),
  trucks: plain(
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
  ),
  trailers: plain(
    'Flatbed',
    'Van',
    'Container',
    'Doubles',
    'Liftgate',
    'Reefer Trailer',
    'Tank Trailer',
    'Step Deck',
    'RGN',
    'Car Hauler',
    'Log Trailer',
    'Other',
  ),
  trailerLengths: plain('31 feet or less', '32 to 44 feet', '45 to 52 feet', '53 feet or more', 'Other'),
  hoursOfInstruction: hoursOfInstructionOptions,
  skillsTrained: plain('Border Crossing', 'Log Books', 'Federal Motor Carrier Regulations', 'Hazardous Materials'),
  historyItemTypes: plain('Employment/Contract', 'Unemployment', 'School', 'Driving School', 'Military'),
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
} as const satisfies Record<string, readonly Option[]>;

export type OptionListName = keyof typeof optionLists;

/** The values a list allows; `string` for the generated lists (countries, hours of instruction). */
export type OptionValue<N extends OptionListName> = (typeof optionLists)[N][number]['value'];

export function getOptions(name: OptionListName): readonly Option[] {
  return optionLists[name];
}

/** The label shown for `value` in list `name`, or undefined if the list has no such value. */
export function optionLabel(name: OptionListName, value: string): string | undefined {
  return getOptions(name).find((option) => option.value === value)?.label;
}
