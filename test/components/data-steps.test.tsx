import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { selectAnswer, selectEntryIds } from '../../machines/application-selectors.ts';
import { visibleAnswerFields } from '../../machines/form/answers.ts';
import { getOptions } from '../../machines/form/option-lists.ts';
import type { AnswerField } from '../../machines/form/field-types.ts';
import { stepForms } from '../../machines/form/step-forms.ts';
import { getStep } from '../../machines/steps.ts';
import { renderApp } from '../support/render-app.tsx';
import { fillSteps } from '../support/sample-answers.ts';
import { expectedStates, plainLists, valuedLists } from '../support/spec-option-lists.ts';

const dataForms = stepForms.filter((form) => form.step !== 'employment');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2024, 6, 15));
});

afterEach(() => {
  vi.useRealTimers();
});

function expectedOptionLabels(field: AnswerField & { options: string }): readonly string[] | undefined {
  if (field.options === 'states') return expectedStates.map((option) => option.label);
  return plainLists[field.options] ?? valuedLists[field.options]?.map((option) => option.label);
}

/** Finds the control of a step-level field by its accessible name, checks its name, type and required flag. */
function expectControl(field: AnswerField) {
  if (field.kind === 'yesNo' || field.kind === 'radios' || field.kind === 'checkboxes') {
    const group = screen.getByRole('group', { name: field.label });
    const inputs = within(group).getAllByRole(field.kind === 'checkboxes' ? 'checkbox' : 'radio');
    expect(inputs.map((input) => input.getAttribute('name'))).toEqual(inputs.map(() => field.name));
    if (field.kind === 'yesNo') expect(inputs.map((input) => input.getAttribute('value'))).toEqual(['yes', 'no']);
    else expect(inputs.map((input) => input.getAttribute('value'))).toEqual(getOptions(field.options).map((option) => option.value));
    if (field.kind !== 'checkboxes') for (const input of inputs) expect((input as HTMLInputElement).required).toBe(Boolean(field.required));
    expect(group.querySelector('legend .required-marker') !== null).toBe(Boolean(field.required));
    return;
  }
  const labelPattern = new RegExp(`^${field.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
  const control = screen.getByLabelText(labelPattern, { selector: 'input, select, textarea' }) as
    | HTMLInputElement
    | HTMLSelectElement
    | HTMLTextAreaElement;
  expect(control.getAttribute('name')).toBe(field.name);
  expect(control.required).toBe(Boolean(field.required));
  const label = document.querySelector(`label[for="${control.id}"]`);
  expect(label?.querySelector('.required-marker') !== null).toBe(Boolean(field.required));
  switch (field.kind) {
    case 'select':
    case 'region': {
      expect(control.tagName).toBe('SELECT');
      // A long list is completed when the browser is idle after the step is shown, or at once when the select gets focus.
      fireEvent.focus(control);
      const options = Array.from((control as HTMLSelectElement).options).map((option) => option.textContent);
      expect(options[0]).toBe('Select an option');
      if (field.kind === 'select') {
        const expected = expectedOptionLabels(field);
        if (field.options === 'countries') {
          expect(options[1]).toBe('United States');
          expect(options.length).toBeGreaterThan(249);
        } else if (expected) {
          expect(options.slice(1)).toEqual(expected);
        } else {
          expect(options.slice(1)).toEqual(getOptions(field.options).map((option) => option.label));
        }
      }
      break;
    }
    case 'textarea':
      expect(control.tagName).toBe('TEXTAREA');
      expect((control as HTMLTextAreaElement).rows).toBe(3);
      break;
    case 'email':
    case 'tel':
    case 'date':
    case 'month':
      expect(control.getAttribute('type')).toBe(field.kind);
      break;
    case 'number':
    case 'ssn':
      expect(control.getAttribute('inputmode')).toBe('numeric');
      break;
    default:
      expect(control.getAttribute('type')).toBe('text');
  }
}

describe.each(dataForms.map((form) => [form.step, form] as const))('the %s step', (step, form) => {
  const route = getStep(step).route;

  it('shows every step-level question with its label, name, type, required flag and options', async () => {
    renderApp(route);
    await screen.findByText(/Questions marked with an asterisk/);
    for (const field of visibleAnswerFields(form.fields, {})) expectControl(field);
  });

  it('has no answer shown and nothing revealed at first', async () => {
    renderApp(route);
    await screen.findByText(/Questions marked with an asterisk/);
    for (const radio of screen.queryAllByRole('radio')) expect(radio).not.toBeChecked();
    for (const reveal of document.querySelectorAll('.reveal')) expect(reveal).toHaveAttribute('hidden');
  });

  it('shows every answer of a complete application when the step is opened again', async () => {
    const { actor } = fillSteps([step]);
    renderApp(route, { actor });
    await screen.findByText(/Questions marked with an asterisk/);
    for (const reveal of document.querySelectorAll('.reveal')) expect(reveal).not.toHaveAttribute('hidden');
    const texts = Array.from(document.querySelectorAll<HTMLInputElement>('input[type="text"], input[type="email"], input[type="tel"], textarea'));
    expect(texts.length).toBeGreaterThan(0);
    for (const input of texts) expect(input.value).not.toBe('');
    for (const select of document.querySelectorAll<HTMLSelectElement>('select')) expect(select.value).not.toBe('');
  });
});

describe('typing, leaving a field and errors', () => {
  it('sends typed text to the machine and shows the error only after the field is left, linked to it', async () => {
    const { actor } = renderApp('/form/2/personal');
    const firstName = await screen.findByRole('textbox', { name: 'First name' });
    await userEvent.type(firstName, 'Maria');
    expect(selectAnswer(actor.getSnapshot(), 'personal', 'first-name')).toBe('Maria');
    const lastName = screen.getByRole('textbox', { name: 'Last name' });
    expect(lastName).not.toHaveAttribute('aria-invalid');
    expect(lastName).not.toHaveAttribute('aria-describedby');
    await userEvent.click(lastName);
    await userEvent.tab();
    expect(lastName).toHaveAttribute('aria-invalid', 'true');
    expect(lastName).toHaveAccessibleDescription('Error: Enter last name');
    await userEvent.type(lastName, 'Alvarez');
    expect(lastName).not.toHaveAttribute('aria-invalid');
  });

  it('never blocks Back or Next, even with errors', async () => {
    const { router } = renderApp('/form/2/personal');
    const email = await screen.findByRole('textbox', { name: 'Email address' });
    await userEvent.type(email, 'not-an-email');
    await userEvent.tab();
    expect(screen.getByText('Enter an email address in the correct format, like name@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.pathname).toBe('/form/3/general');
  });
});

describe('yes/no questions', () => {
  it('reveal their follow-up on Yes (with aria-controls) and hide it on No', async () => {
    const { actor } = renderApp('/form/3/general');
    const group = await screen.findByRole('group', { name: 'Were you referred by someone?' });
    const yes = within(group).getByRole('radio', { name: 'Yes' });
    const reveal = document.getElementById(yes.getAttribute('aria-controls') ?? '');
    expect(reveal).toHaveAttribute('hidden');
    await userEvent.click(yes);
    expect(reveal).not.toHaveAttribute('hidden');
    expect(within(reveal as HTMLElement).getByRole('textbox', { name: 'Name of the person who referred you' })).toBeRequired();
    await userEvent.click(within(group).getByRole('radio', { name: 'No' }));
    expect(reveal).toHaveAttribute('hidden');
    expect(screen.queryByRole('textbox', { name: 'Name of the person who referred you' })).not.toBeInTheDocument();
    expect(selectAnswer(actor.getSnapshot(), 'general', 'referral')).toBe('no');
  });

  it('can be answered with the keyboard (arrow keys move between Yes and No)', async () => {
    const { actor } = renderApp('/form/14/criminal');
    const group = await screen.findByRole('group', { name: 'Have you ever been convicted of a crime?' });
    within(group).getByRole('radio', { name: 'Yes' }).focus();
    await userEvent.keyboard(' ');
    expect(selectAnswer(actor.getSnapshot(), 'criminal', 'convictions')).toBe('yes');
    await userEvent.keyboard('{ArrowRight}');
    expect(selectAnswer(actor.getSnapshot(), 'criminal', 'convictions')).toBe('no');
  });
});

describe('emergency contacts on screen', () => {
  it('show two pre-listed contacts with sample placeholders and no Remove; added ones can be removed', async () => {
    const { actor } = renderApp('/form/3/emergency');
    const contacts = await screen.findAllByRole('group', { name: /^Emergency contact \d$/ });
    expect(contacts).toHaveLength(2);
    const firstName = within(contacts[0] as HTMLElement).getByRole('textbox', { name: 'Name' });
    expect(firstName).toHaveValue('');
    expect(firstName).toHaveAttribute('placeholder', 'Jane Doe');
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add another emergency contact' }));
    expect(screen.getAllByRole('group', { name: /^Emergency contact \d$/ })).toHaveLength(3);
    const remove = screen.getByRole('button', { name: 'Remove emergency contact 3' });
    await userEvent.click(remove);
    expect(screen.getAllByRole('group', { name: /^Emergency contact \d$/ })).toHaveLength(2);
    expect(selectEntryIds(actor.getSnapshot(), 'emergency', 'emergency-contacts')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Add another emergency contact' })).toHaveFocus();
  });
});

describe('lists of entries on screen', () => {
  it('start with one entry when the declaring question is answered Yes; entries are added and removed', async () => {
    renderApp('/form/6/employed');
    const question = await screen.findByRole('group', { name: /employed, contracted or did you attend orientation/ });
    await userEvent.click(within(question).getByRole('radio', { name: 'Yes' }));
    const employer = screen.getByRole('group', { name: 'Employer 1' });
    await userEvent.type(within(employer).getByRole('textbox', { name: 'Company name' }), 'Acme Freight');
    const cmv = within(employer).getByRole('group', { name: 'Did you operate a commercial motor vehicle?' });
    await userEvent.click(within(cmv).getByRole('radio', { name: 'Yes' }));
    expect(within(employer).getByRole('combobox', { name: 'Miles driven weekly' })).toBeRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Add another employer' }));
    expect(screen.getByRole('group', { name: 'Employer 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove employer 1' }));
    expect(screen.queryByRole('group', { name: 'Employer 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Employer 1' })).not.toHaveTextContent('Acme Freight');
  });

  it('offer a choice of states for the United States and free text elsewhere (decision 12)', async () => {
    renderApp('/form/8/education');
    const question = await screen.findByRole('group', { name: /attend a school other than a driving school/ });
    await userEvent.click(within(question).getByRole('radio', { name: 'Yes' }));
    const school = screen.getByRole('group', { name: 'School 1' });
    expect(within(school).getByRole('combobox', { name: 'State/Province' })).toBeInTheDocument();
    const country = within(school).getByRole('combobox', { name: 'Country' });
    // The long list is completed by the press that opens it.
    await userEvent.click(country);
    await userEvent.selectOptions(country, 'CA');
    expect(within(school).getByRole('textbox', { name: 'State/Province' })).toBeInTheDocument();
  });
});

describe('leaving a question', () => {
  it('moving between the options of one question is not leaving it; leaving the group is', async () => {
    renderApp('/form/2/personal');
    const question = await screen.findByRole('group', { name: 'Have you lived at this address for 3 years or more?' });
    const zip = screen.getByRole('textbox', { name: 'Zip/Postal code' });
    await userEvent.type(zip, '24012');
    await userEvent.tab();
    expect(within(question).getByRole('radio', { name: 'Yes' })).toHaveFocus();
    await userEvent.click(within(question).getByRole('radio', { name: 'No' }));
    expect(within(question).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(within(question).queryByText(/Select yes or no/)).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Previous address 1' })).toBeInTheDocument();
  });

  it('shows the question’s error once focus leaves it unanswered', async () => {
    renderApp('/form/14/criminal');
    const question = await screen.findByRole('group', { name: 'Do you have any criminal charges pending?' });
    within(question).getByRole('radio', { name: 'Yes' }).focus();
    await userEvent.tab();
    expect(question).toHaveAccessibleDescription('Error: Select yes or no: Do you have any criminal charges pending?');
  });
});
