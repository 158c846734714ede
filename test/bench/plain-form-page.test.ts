import { within } from '@testing-library/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { allAnswerFields, escapeHtml, plainEntryCount, plainFormPage } from '../../bench/plain-form-page.ts';
import { allLists } from '../../machines/form/answers.ts';
import { employedForm } from '../../machines/form/steps/employed.ts';
import { getOptions } from '../../machines/form/option-lists.ts';
import { stepForms } from '../../machines/form/step-forms.ts';

/** The page in the test's own document (Testing Library's role queries need its window). */
function mount(html: string): Document {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.head.innerHTML = parsed.head.innerHTML;
  document.body.innerHTML = parsed.body.innerHTML;
  return document;
}

describe('the plain HTML page of a step form', () => {
  const html = plainFormPage(employedForm, { heading: 'Employer/Contract Information', stylesheets: ['/assets/index-abc.css'] });
  const body = within(document.body);
  beforeEach(() => {
    mount(html);
  });

  it('has no script and links the given stylesheets', () => {
    expect(html).not.toMatch(/<script/i);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect([...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href'))).toEqual(['/assets/index-abc.css']);
    expect(body.getByRole('heading', { level: 1 }).textContent).toBe('Employer/Contract Information');
  });

  it('labels every field of the employer entry, reveals open, with its declared control', () => {
    const fields = allAnswerFields(employedForm.fields);
    expect(fields.map((field) => field.name)).toEqual(expect.arrayContaining(['company-name', 'operated-cmv', 'subject-to-fmcsr', 'trailer-length', 'termination-explanation']));
    for (const field of fields) {
      if (field.kind === 'yesNo') {
        const group = within(body.getByRole('group', { name: field.label }));
        expect(group.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['yes', 'no']);
      } else if (field.kind === 'select' || field.kind === 'region') {
        const select = body.getByRole('combobox', { name: field.label }) as HTMLSelectElement;
        expect(select.options).toHaveLength(getOptions(field.kind === 'region' ? 'states' : field.options).length + 1);
      } else {
        // The label's text ends with the required marker " *" (hidden from the accessible name).
        const labelText = new RegExp(`^${field.label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}( \\*)?$`);
        const control = body.getByLabelText(labelText) as HTMLInputElement;
        expect(control.name.endsWith(field.name)).toBe(true);
        expect(control.required).toBe(Boolean(field.required));
      }
    }
  });

  it('shows the list’s first entry in a fieldset named after it', () => {
    const list = allLists(employedForm.fields)[0]!;
    expect(plainEntryCount(list)).toBe(1);
    expect(body.getAllByRole('group', { name: /^Employer \d$/ }).map((group) => group.querySelector('legend')?.textContent)).toEqual(['Employer 1']);
  });

  it.each(stepForms.map((form) => [form.step, form] as const))('%s: every control has a label and every fieldset a legend', (_step, form) => {
    const page = mount(plainFormPage(form, { heading: 'Step' }));
    const controls = [...page.querySelectorAll<HTMLInputElement>('input, select, textarea')];
    expect(controls.length).toBeGreaterThan(0);
    for (const control of controls) expect(control.labels?.length, control.name).toBeGreaterThan(0);
    for (const fieldset of page.querySelectorAll('fieldset')) expect(fieldset.querySelector(':scope > legend')?.textContent?.trim()).not.toBe('');
  });
});

describe('escapeHtml', () => {
  it('escapes the characters that would end text or an attribute', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
  });
});
