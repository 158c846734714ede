// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The nine legal notices are Markdown content files that a carrier's counsel can replace without
 * touching code. These tests pin the facts each notice must carry and the Markdown subset the page renders.
 */
const noticeIds = [
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

type NoticeId = (typeof noticeIds)[number];

const noticeUrl = (id: NoticeId): URL => new URL(`../../config/notices/${id}.md`, import.meta.url);
const readNotice = (id: NoticeId): string => readFileSync(noticeUrl(id), 'utf8');

const knownPlaceholders = new Set([
  'carrier.legalName',
  'carrier.name',
  'carrier.address',
  'carrier.hiringPhone',
  'carrier.recruitingEmail',
]);

/** Each required fact, as a description and a case-insensitive pattern (a `[^.]*` keeps both halves in one sentence). */
const requiredFacts: Record<NoticeId, ReadonlyArray<readonly [string, RegExp]>> = {
  rights: [
    ['explains what a consumer reporting agency is', /consumer reporting agency is a company/i],
    ['explains what your file is', /your file is/i],
    ['must be told if information was used against you', /told if information in your file has been used against you/i],
    ['adverse action tells you the agency', /name, address and phone number of the agency/i],
    ['right to know what is in your file', /right to know what is in your file/i],
    ['names the file disclosure', /file disclosure/i],
    ['free disclosure after adverse action', /free file disclosure[\s\S]*adverse action/i],
    ['free disclosure for identity theft victims', /free file disclosure[\s\S]*identity theft/i],
    ['free disclosure for public assistance', /public assistance/i],
    ['free disclosure when job hunting within 60 days', /apply for a job within 60 days/i],
    ['a free disclosure every 12 months', /free file disclosure every 12 months/i],
    ['annualcreditreport.com', /annualcreditreport\.com/i],
    ['right to dispute incomplete or inaccurate information', /right to dispute incomplete or inaccurate information/i],
    ['agency must investigate a dispute', /must then investigate/i],
    ['agencies must correct or delete', /correct or delete inaccurate, incomplete or unverifiable/i],
    ['removed or corrected, usually within 30 days', /removed or corrected, usually within 30 days/i],
    ['no outdated negative information', /may not report outdated negative information/i],
    ['negative information: 7 years', /negative information[^.]*7 years/i],
    ['bankruptcies: 10 years', /bankruptc[^.]*10 years/i],
    ['access to your file is limited', /access to your file is limited/i],
    ['permissible purpose', /permissible purpose/i],
    ['consent for reports to employers', /consent for reports to be provided to employers/i],
    ['written consent given to the employer', /without your written consent/i],
    ['you may limit prescreened offers', /limit prescreened offers of credit and insurance/i],
    ['opt-out phone number', /1-888-567-8688/],
    ['opt-out website', /optoutprescreen\.com/i],
    ['you may seek damages', /seek damages from violators/i],
    ['sue in state or federal court', /state or federal court/i],
    ['identity theft victims have more rights', /identity theft victims[^.]*more rights/i],
    ['active duty military have more rights', /active duty military[^.]*more rights/i],
    ['initial fraud alert lasts 1 year', /initial fraud alert[^.]*1 year|1 year[^.]*initial fraud alert/i],
    ['extended fraud alert lasts 7 years', /extended fraud alert[^.]*7 years|7 years[^.]*extended fraud alert/i],
    ['security freezes are free', /security freezes? (?:are|is) free/i],
    ['states may enforce the FCRA', /states may enforce the FCRA/i],
    ['many states have their own laws', /many states have their own/i],
    ['more rights under state law', /more rights under state law/i],
    ['points to consumerfinance.gov/learnmore', /consumerfinance\.gov\/learnmore/i],
    ['names the Consumer Financial Protection Bureau', /Consumer Financial Protection Bureau/i],
  ],
  authorization: [
    ['names the PSP', /Pre-Employment Screening Program/i],
    ['names FMCSA', /Federal Motor Carrier Safety Administration/i],
    ['in connection with your application', /in connection with your application[^.]*\{\{carrier\.legalName\}\}/i],
    ['names MCMIS', /Motor Carrier Management Information System \(MCMIS\)/i],
    ['crash data from the previous 5 years', /crash data from the previous 5 years/i],
    ['inspection data from the previous 3 years', /inspection (?:data|history) from the previous 3 years/i],
    ['all crashes regardless of fault', /regardless of fault|whoever was at fault/i],
    ['inspections with or without violations', /with or without violations/i],
    ['no adverse action without the report first', /not take adverse action[^.]*without first giving you a copy of the report/i],
    ['and a summary of rights', /without first giving you a copy of the report and a (?:written )?summary of your rights/i],
    ['online applicants: 3 business days', /applying online[\s\S]*3 business days of the decision/i],
    ['a free copy of the report', /free copy/i],
    ['FMCSA did not make the decision', /FMCSA did not make the decision/i],
    ['your own PSP report', /own PSP report[^.]*<https:\/\/www\.psp\.fmcsa\.dot\.gov>/i],
    ['corrections only through DataQs', /only ask for a correction through FMCSA's DataQs/i],
    ['DataQs address', /<https:\/\/dataqs\.fmcsa\.dot\.gov>/],
    ['the carrier cannot correct the data', /we cannot correct safety data/i],
    ['cannot get the report without authorization', /cannot get a PSP report about you without your authorization/i],
    [
      'the authorization itself',
      /I authorize \{\{carrier\.legalName\}\}[^.]*to access the FMCSA Pre-Employment Screening Program \(PSP\) system to seek information regarding my commercial driving safety record and information regarding my safety inspection history/i,
    ],
    ['consenting to the release', /I understand that I am consenting to the release of safety performance information/i],
  ],
  disclosure: [
    ['consumer reports', /consumer reports/i],
    ['investigative consumer reports', /investigative consumer reports?/i],
    ['for employment purposes', /for employment purposes/i],
    ['driving records (MVR)', /driving records[^.]*MVR/i],
    ['criminal records', /criminal records/i],
    ['employment history and verification', /employment history[^.]*confirm/i],
    ['drug and alcohol testing history', /drug and alcohol testing history/i],
    ['49 CFR 40.25', /49 CFR 40\.25/],
    ['education', /education/i],
    ['the lookback business rule', /Consumer report lookback: 2 years \(3 in California\)/],
    ['2 years', /2 years/i],
    ['California', /California/],
    ['nature and scope', /complete and accurate disclosure of the nature and scope/i],
    ['written request', /ask in writing/i],
    ['answered within 5 days', /within 5 days/i],
    ['free copy within 60 days', /free copy[^.]*within 60 days/i],
    ['the authorization statement', /I authorize \{\{carrier\.legalName\}\} to get consumer reports and investigative consumer reports/i],
    ['consent used throughout employment where state law allows', /where state law allows, this consent may be used throughout my employment/i],
  ],
  disclaimers: [
    ['true and complete', /true and complete/i],
    ['false, misleading or omitted information', /false or misleading information, or leave out/i],
    ['grounds for rejecting the application', /reject your application/i],
    ['dismissal at any time if hired', /dismiss you at any time/i],
    ['authorization to verify and investigate', /authorize \{\{carrier\.legalName\}\} to check and investigate everything/i],
    ['previous employers', /previous employers/i],
    ['schools', /schools/i],
    ['references', /references/i],
    ['release of liability', /release[^\n]*from all liability/i],
    ['pre-employment controlled-substance test', /pre-employment controlled-substance[^.]*test/i],
    ['DOT requires it', /DOT requires this test/i],
    ['random testing', /random drug and alcohol testing/i],
    ['DOT physical examination', /DOT physical examination/i],
    ["medical examiner's certificate", /medical examiner's certificate/i],
    ['not a contract of employment', /not a contract of employment/i],
    ['at will where the law allows', /where the law allows, employment[^\n]*at will/i],
    ['equal opportunity employer', /equal opportunity employer/i],
    ['active for a limited period', /active for a limited period/i],
  ],
  verification: [
    ['49 CFR 391.23', /391\.23/],
    ['previous DOT-regulated employers from the last 3 years', /DOT\)? rules in the last 3 years/i],
    ['safety performance history', /safety performance history/i],
    ['accidents', /accidents/i],
    ['drug and alcohol history under Part 40', /drug and alcohol testing history under 49 CFR Part 40/i],
    ['right to review', /review the information your previous employers give us/i],
    ['errors corrected and re-sent', /errors[^.\n]*corrected by the previous employer[^.\n]*sent again/i],
    ['rebuttal statement attached', /rebuttal statement attached/i],
    ['request in writing', /must ask in writing/i],
    ['product constant: 5 business days', /employer must provide it within 5 business days/i],
    ['5 business days', /5 business days/i],
    ['product constant: waived after 30 days', /request is treated as waived after 30 days of no pickup/i],
    ['30 days', /30 days/i],
    ['release of previous employers', /release those previous employers[^.]*from any liability/i],
    ['driver investigation history file', /driver investigation history file/i],
  ],
  consent: [
    ['names the Clearinghouse', /Drug and Alcohol Clearinghouse/i],
    ['49 CFR 382.701', /382\.701/],
    ['limited queries for the duration of employment', /limited quer[^.]*duration of (?:your|my) employment/i],
    ['at least annually', /at least once a year/i],
    ['a limited query only shows whether information exists', /limited query only shows[^.]*whether information[^.]*exists/i],
    ['specific consent needed for details', /without your specific consent/i],
    ['full query', /full query/i],
    ['electronic consent in the Clearinghouse', /consent for the full query electronically, in the Clearinghouse/i],
    ['24 hours', /24 hours/i],
    ['not within 24 hours: no safety-sensitive functions', /not give your consent within 24 hours, you may not perform safety-sensitive functions/i],
    ['driving a CMV is safety-sensitive', /safety-sensitive functions, including driving a commercial motor vehicle/i],
    ['until a full query shows no prohibition', /until a full query shows that you are not prohibited/i],
    ['refusal means no safety-sensitive functions', /refuse[^.]*consent[^.]*must not let you perform safety-sensitive functions/i],
    ['register at the Clearinghouse', /register at <https:\/\/clearinghouse\.fmcsa\.dot\.gov>/i],
  ],
  summary: [
    ['section 1681m(a)', /1681m\(a\)/],
    ['adverse action based in whole or in part on a consumer report', /adverse action[^.]*based in whole or in part on a consumer report/i],
    ['name, address and telephone number of the agency', /name, address and telephone number of the consumer reporting agency/i],
    ['the agency did not make the decision', /did not make the decision/i],
    ['cannot give the specific reasons', /cannot give you the specific reasons/i],
    ['free copy within 60 days', /free copy[^.]*within 60 days/i],
    ['right to dispute', /right to dispute the accuracy or completeness/i],
    ['credit score disclosures', /credit score/i],
  ],
  passengers: [
    ['passengers', /passenger/i],
    ['no unauthorized passengers', /must not carry any unauthorized passenger/i],
    ['49 CFR 392.60', /392\.60/],
    ['written authorization', /authoriz[^.]*in writing|written authoriz/i],
    ['rider program', /rider program/i],
    ['age minimum', /minimum age/i],
    ['rider waiver', /rider waiver/i],
    ['seat belt', /seat belt/i],
    ['no hitchhikers', /never pick up a hitchhiker/i],
    ['pets', /pet policy/i],
    ['discipline up to termination', /discipline, up to and including termination/i],
  ],
  firearm: [
    ['firearms', /firearm/i],
    ['ammunition', /ammunition/i],
    ['explosives', /explosive/i],
    ['weapons', /weapon/i],
    ['company vehicles', /company vehicle/i],
    ['company property', /company property/i],
    ['while on duty', /while you are on duty/i],
    [
      'where the law gives you a right',
      /where the law gives you a right, for example to keep a lawfully owned firearm locked in your own vehicle in a company parking area in some states, we follow that law/i,
    ],
    ['applies to loads', /applies to loads/i],
    ['discipline up to termination', /discipline, up to and including termination/i],
    ['questions by phone', /\{\{carrier\.hiringPhone\}\}/],
    ['questions by email', /\{\{carrier\.recruitingEmail\}\}/],
  ],
};

const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

describe('legal notice content files', () => {
  it('has all nine notices, and no others are expected', () => {
    for (const id of noticeIds) expect(existsSync(noticeUrl(id)), `${id}.md`).toBe(true);
    expect(Object.keys(requiredFacts).sort()).toEqual([...noticeIds].sort());
  });

  describe.each(noticeIds)('%s.md', (id) => {
    const text = readNotice(id);

    it.each(requiredFacts[id].map(([fact, pattern]) => ({ fact, pattern })))('states: $fact', ({ fact, pattern }) => {
      // A boolean keeps a failure short: the message names the fact, not the whole file.
      expect(pattern.test(text), `${id}.md should state "${fact}" (${pattern})`).toBe(true);
    });

    it('does not repeat the title as a heading (the page shows it as the h1)', () => {
      expect(text).not.toMatch(/^\s*#(?!#)/);
      expect(text).not.toMatch(/^#(?!#)/m);
      expect(text).not.toMatch(/^\S.*\n=+\s*$/m);
    });

    it('uses only ## subheadings', () => {
      const headings = text.match(/^#+[^\n]*/gm) ?? [];
      expect(headings.length).toBeGreaterThan(0);
      for (const heading of headings) expect(heading).toMatch(/^## \S/);
    });

    it('contains no raw HTML', () => {
      expect(text).not.toMatch(/<(?!https?:\/\/)[a-z!/]/i);
    });

    it('contains no tables, images or links other than autolinks', () => {
      expect(text).not.toMatch(/^\s*\|/m);
      expect(text).not.toMatch(/!\[/);
      expect(text).not.toMatch(/\]\(/);
      expect(text).not.toMatch(/\]\[|^\s*\[[^\]]+\]:/m);
    });

    it('uses only the known placeholders', () => {
      const placeholders = [...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((match) => match[1]);
      for (const name of placeholders) expect(knownPlaceholders, `{{${name}}}`).toContain(name);
      const braces = text.replace(/\{\{(?:carrier\.(?:legalName|name|address|hiringPhone|recruitingEmail))\}\}/g, '');
      expect(braces).not.toMatch(/[{}]/);
    });

    it('is a readable length', () => {
      const words = wordCount(text);
      expect(words).toBeGreaterThanOrEqual(250);
      expect(words).toBeLessThanOrEqual(id === 'rights' ? 1500 : 900);
    });

    it('ends with a newline and has no trailing spaces', () => {
      expect(text.endsWith('\n')).toBe(true);
      expect(text).not.toMatch(/[ \t]+$/m);
    });
  });
});
