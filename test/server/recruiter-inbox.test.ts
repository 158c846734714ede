// @vitest-environment node
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDocument } from '../../machines/form/application-document.ts';
import type { AnswerDocument } from '../../machines/form/answers.ts';
import { answerForms } from '../../machines/form/step-forms.ts';
import { getStep, noticeSteps } from '../../machines/steps.ts';
import { inboxPageSize, maxNoteLength } from '../../server/recruiter/recruiter-routes.ts';
import { availableBackends } from '../support/postgres.ts';
import { completeDocument } from '../support/test-site.ts';
import { Browser, carrier, csrfOf, parse, publicUrl, recruiterEmail, recruiterHarness, submit, type RecruiterHarness } from './recruiter-support.ts';

const backends = availableBackends();
const ssn = '123-45-6789';

/** The sample application with `personal` changed; `clean` answers No to the record questions that raise flags. */
function applicant(personal: AnswerDocument, { clean = false } = {}): ApplicationDocument {
  const document = completeDocument();
  const answers = document.answers as Record<string, AnswerDocument>;
  answers.personal = { ...answers.personal, ...personal };
  // No emailed copy (each would render a PDF in the background): the box is left unticked.
  answers.confirmation = { ...answers.confirmation };
  delete answers.confirmation['send-copy'];
  delete answers.confirmation['copy-email'];
  if (clean) {
    const record = { ...answers.record };
    for (const question of ['alcohol-offense', 'failed-drug-test']) {
      record[question] = 'no';
      delete record[`${question}-date`];
      delete record[`${question}-explanation`];
    }
    answers.record = record;
  }
  return document;
}

function rowsOf(html: string): string[][] {
  return [...parse(html).querySelectorAll('.inbox-table tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''));
}

function references(html: string): string[] {
  return rowsOf(html).map((row) => row[0] ?? '');
}

describe.each(backends)('the recruiter inbox on $name', (backend) => {
  let h: RecruiterHarness;
  let browser: Browser;
  beforeEach(async () => {
    h = await recruiterHarness(backend);
    browser = new Browser(h.server);
    await browser.signIn();
  });
  afterEach(async () => {
    await h.close();
  });

  /** Submits at the harness clock, then moves it on a minute (so "newest first" has an order). */
  async function submitAt(document: ApplicationDocument): Promise<string> {
    const reference = await submit(h.server, document);
    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
    return reference;
  }

  async function auditActions(reference: string) {
    const row = await h.store.findByReference(reference);
    return (await h.recruiters.auditOf(row?.id ?? '')).map((entry) => [entry.action, entry.recruiterEmail, entry.at.toISOString()]);
  }

  it('lists every application newest first with its reference, name, time, licence, experience, status and flags, a page at a time', async () => {
    const pageSize = 3;
    const paged = await recruiterHarness(backend, { pageSize });
    try {
      const client = new Browser(paged.server);
      await client.signIn();
      const submitted: string[] = [];
      for (let index = 1; index <= pageSize + 1; index += 1) {
        submitted.push(await submit(paged.server, applicant({ 'first-name': 'Driver', 'middle-name': '', 'last-name': `Number${index}` }, { clean: index !== 1 })));
        paged.clock.now = new Date(paged.clock.now.getTime() + 60_000);
      }
      const first = await client.get('/recruiter');
      expect(first.statusCode).toBe(200);
      expect(references(first.body)).toEqual(submitted.slice(1).reverse());
      expect(parse(first.body).querySelector('.inbox-count')?.textContent).toBe('Showing 1–3 of 4 applications, newest first.');
      const headers = [...parse(first.body).querySelectorAll('.inbox-table th')].map((cell) => cell.textContent);
      expect(headers).toEqual(['Reference', 'Name', 'Submitted', 'Licence', 'Experience', 'Status', 'Flags']);
      expect(rowsOf(first.body)[0]).toEqual([submitted[3], 'Driver Number4', '15 July 2024, 15:03 UTC', 'AZ, AK', '2 years OTR', 'New', 'None']);

      const next = parse(first.body).querySelector<HTMLAnchorElement>('nav[aria-label="Pages of applications"] a[rel="next"]');
      expect(next?.getAttribute('href')).toBe('/recruiter?page=2');
      const second = await client.get('/recruiter?page=2');
      expect(rowsOf(second.body)).toEqual([[submitted[0], 'Driver Number1', '15 July 2024, 15:00 UTC', 'AZ, AK', '2 years OTR', 'New', 'DUI/OWI within 10 yearsFailed or refused drug or alcohol test']]);
      expect(parse(second.body).querySelector('[aria-current="page"]')?.textContent).toBe('Page 2 of 2');
      expect(parse(second.body).querySelector('a[rel="prev"]')?.getAttribute('href')).toBe('/recruiter');
    } finally {
      await paged.close();
    }
  });

  it('shows 25 applications a page by default', () => {
    expect(inboxPageSize).toBe(25);
  });

  it('filters by status and by flag, and searches by part of a name or reference', async () => {
    const flagged = await submitAt(applicant({ 'first-name': 'Maria', 'last-name': 'Alvarez' }));
    const clean = await submitAt(applicant({ 'first-name': 'Sam', 'last-name': 'Okafor' }, { clean: true }));
    const young = await submitAt(applicant({ 'first-name': 'Lee', 'last-name': 'O’Brien', 'date-of-birth': '2005-01-01' }, { clean: true }));
    const token = csrfOf((await browser.get('/recruiter')).body);
    expect((await browser.post(`/recruiter/applications/${clean}/status`, { _csrf: token, status: 'contacted', note: '' })).statusCode).toBe(303);

    expect(references((await browser.get('/recruiter?status=contacted')).body)).toEqual([clean]);
    expect(references((await browser.get('/recruiter?status=new')).body)).toEqual([young, flagged]);
    expect(references((await browser.get('/recruiter?flag=any')).body)).toEqual([young, flagged]);
    expect(references((await browser.get('/recruiter?flag=none')).body)).toEqual([clean]);
    expect(references((await browser.get('/recruiter?flag=under-21')).body)).toEqual([young]);
    expect(references((await browser.get('/recruiter?flag=dui')).body)).toEqual([flagged]);
    expect(references((await browser.get('/recruiter?flag=drug-test&status=new')).body)).toEqual([flagged]);
    expect(references((await browser.get('/recruiter?q=alva')).body)).toEqual([flagged]);
    expect(references((await browser.get('/recruiter?q=SAM%20el')).body)).toEqual([clean]);
    expect(references((await browser.get(`/recruiter?q=${young.slice(4, 9).toLowerCase()}`)).body)).toEqual([young]);
    expect(references((await browser.get('/recruiter?q=%25')).body)).toEqual([]);
    const none = await browser.get('/recruiter?q=nobody');
    expect(parse(none.body).querySelector('.inbox-count')?.textContent).toBe('No application matches these filters.');

    const bad = await browser.get('/recruiter?status=archived&flag=tall');
    expect(bad.statusCode).toBe(400);
    expect(parse(bad.body).body.textContent).toContain('Status: choose one of the listed statuses');
    expect(parse(bad.body).body.textContent).toContain('Qualification flags: choose one of the listed flags');
  });

  it('shows one application: every step in the wizard’s order, lists as tables, the SSN masked, the notices with their times, the signature; each view audited', async () => {
    const reference = await submitAt(applicant({}));
    const response = await browser.get(`/recruiter/applications/${reference}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = parse(response.body);
    expect(page.querySelector('h1')?.textContent).toBe('Maria Elena Alvarez');
    expect([...page.querySelectorAll('.answer-step__heading')].map((heading) => heading.textContent)).toEqual(answerForms.map((form) => getStep(form.step).heading));
    const employers = page.querySelector('#list-employers')?.closest('table');
    expect(employers?.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(employers?.querySelector('thead')?.textContent).toContain('Company name');
    expect(response.body).not.toContain(ssn);
    expect(page.body.textContent).toContain('•••-••-6789');
    expect(page.querySelector(`form[action="/recruiter/applications/${reference}/ssn"] button`)?.textContent).toBe('Show the full Social Security Number');
    const notices = [...page.querySelectorAll('#notices-caption ~ tbody tr')].map((row) => [row.querySelector('th')?.textContent, row.querySelector('td')?.textContent]);
    expect(notices).toEqual(noticeSteps.map((notice) => [notice.heading, '15 July 2024, 14:30 UTC']));
    expect(page.querySelector('img.recruiter-signature')?.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(page.querySelector('.flag-reasons')?.textContent).toContain('DUI/OWI within 10 years');

    expect(await auditActions(reference)).toEqual([['view', recruiterEmail, '2024-07-15T15:01:00.000Z']]);
    const audit = [...page.querySelectorAll('#audit-caption ~ tbody tr')].map((row) => row.textContent);
    expect(audit).toEqual([`15 July 2024, 15:01 UTC${recruiterEmail}Viewed the application`]);
  });

  it('reveals the SSN only through Show, and audits each reveal', async () => {
    const reference = await submitAt(applicant({}));
    const detail = await browser.get(`/recruiter/applications/${reference}`);
    h.clock.now = new Date('2024-07-15T15:20:00.000Z');
    const revealed = await browser.post(`/recruiter/applications/${reference}/ssn`, { _csrf: csrfOf(detail.body) });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.headers['cache-control']).toBe('no-store');
    expect(parse(revealed.body).body.textContent).toContain(ssn);
    expect(await auditActions(reference)).toEqual([
      ['ssn-reveal', recruiterEmail, '2024-07-15T15:20:00.000Z'],
      ['view', recruiterEmail, '2024-07-15T15:01:00.000Z'],
    ]);
    expect((await browser.get(`/recruiter/applications/${reference}`)).body).not.toContain(ssn);
  });

  it('changes the status with a note, audited with who, what and when; refuses a bad status or a long note naming the field', async () => {
    const reference = await submitAt(applicant({}));
    const token = csrfOf((await browser.get(`/recruiter/applications/${reference}`)).body);
    const saved = await browser.post(`/recruiter/applications/${reference}/status`, { _csrf: token, status: 'contacted', note: 'Left a voicemail' });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`/recruiter/applications/${reference}?saved=status`);
    const page = parse((await browser.get(String(saved.headers.location))).body);
    expect(page.querySelector('[role="status"]')?.textContent).toBe('Status saved: Contacted.');
    expect(page.querySelector<HTMLSelectElement>('select[name="status"]')?.value).toBe('contacted');
    expect(page.querySelector('#audit-caption ~ tbody')?.textContent).toContain('Changed the status: New → Contacted (note: Left a voicemail)');
    const row = await h.store.findByReference(reference);
    expect([row?.status, row?.statusNote]).toEqual(['contacted', 'Left a voicemail']);
    const entries = await h.recruiters.auditOf(row?.id ?? '');
    expect(entries.find((entry) => entry.action === 'status-change')?.detail).toEqual({ from: 'new', to: 'contacted', note: 'Left a voicemail' });

    const badStatus = await browser.post(`/recruiter/applications/${reference}/status`, { _csrf: token, status: 'archived' });
    expect(badStatus.statusCode).toBe(400);
    expect(parse(badStatus.body).querySelector('select[name="status"]')?.getAttribute('aria-invalid')).toBe('true');
    expect(badStatus.body).toContain('Status: choose New, Reviewed, Contacted, Hired or Declined');
    const longNote = await browser.post(`/recruiter/applications/${reference}/status`, { _csrf: token, status: 'hired', note: 'x'.repeat(maxNoteLength + 1) });
    expect(longNote.statusCode).toBe(400);
    expect(longNote.body).toContain(`Note: at most ${maxNoteLength} characters`);
    expect((await h.store.findByReference(reference))?.status).toBe('contacted');
  });

  it('downloads the full PDF and exports the JSON, each audited', async () => {
    const reference = await submitAt(applicant({}));
    const pdf = await browser.get(`/recruiter/applications/${reference}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="application-${reference}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const exported = await browser.get(`/recruiter/applications/${reference}/json`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="application-${reference}.json"`);
    const body = exported.json<{ reference: string; status: string; flags: { id: string }[]; application: ApplicationDocument }>();
    expect(body.reference).toBe(reference);
    expect(body.status).toBe('new');
    expect(body.flags.map((flag) => flag.id)).toEqual(['dui', 'drug-test']);
    expect(body.application.answers.personal?.ssn).toBe(ssn);
    expect(body.application).toEqual(applicant({}));
    expect((await auditActions(reference)).map(([action]) => action).sort()).toEqual(['json-export', 'pdf-download']);
  });

  it('answers 404 for an unknown reference', async () => {
    const response = await browser.get('/recruiter/applications/BRF-NOTHERE');
    expect(response.statusCode).toBe(404);
    expect(parse(response.body).querySelector('h1')?.textContent).toBe('No such application');
  });

  it('emails the recruiting address on each submission: reference, name, licence, flags and the inbox link, no SSN, birth date or attachment', async () => {
    const reference = await submitAt(applicant({}));
    const files = await vi.waitFor(() => {
      const found = readdirSync(h.outbox).filter((file) => file.endsWith('.eml'));
      if (found.length === 0) throw new Error('no mail yet');
      return found;
    });
    const messages = files.map((file) => readFileSync(join(h.outbox, file), 'utf8').replace(/=\r\n/g, ''));
    const notification = messages.find((message) => message.includes('Subject: New application'));
    if (!notification) throw new Error('no recruiter notification');
    expect(notification).toContain(`To: ${carrier.recruitingEmail}`);
    expect(notification).toContain(`Subject: New application: Maria Elena Alvarez (${reference})`);
    expect(notification).toContain('Licence: AZ, AK');
    expect(notification).toContain('DUI/OWI within 10 years');
    expect(notification).toContain('Failed or refused drug or alcohol test');
    expect(notification).toContain(`${publicUrl}/recruiter/applications/${reference}`);
    for (const secret of [ssn, '6789', '1985-04-12', 'April 1985', '12 April 1985']) expect(notification).not.toContain(secret);
    expect(notification).not.toMatch(/Content-Disposition: attachment/i);
  });

  it('stores and answers the submission when the notification cannot be sent', async () => {
    writeFileSync(h.outbox, 'a file where the outbox folder should be: every send fails');
    const reference = await submitAt(applicant({}));
    expect((await h.store.findByReference(reference))?.reference).toBe(reference);
    expect(references((await browser.get('/recruiter')).body)).toEqual([reference]);
  });

  it('fills in the name and flags of applications stored before the inbox existed', async () => {
    const reference = await submitAt(applicant({}));
    await h.database.db.updateTable('applications').set({ flags: null, applicant_name: null, flag_dui: 0, flag_drug_test: 0 }).execute();
    expect(await h.recruiters.backfillInboxColumns()).toBe(1);
    const row = await h.store.findByReference(reference);
    expect([row?.applicantName, row?.flags.map((flag) => flag.id)]).toEqual(['Maria Elena Alvarez', ['dui', 'drug-test']]);
    expect(references((await browser.get('/recruiter?flag=dui')).body)).toEqual([reference]);
  });
});
