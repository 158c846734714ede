import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { selectHistoryFormIsOpen, selectHistoryRows } from '../../machines/history-selectors.ts';
import { selectEntryIds } from '../../machines/application-selectors.ts';
import { createActor } from 'xstate';
import { applicationMachine } from '../../machines/application-machine.ts';
import { renderApp } from '../support/render-app.tsx';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2024, 6, 15));
});

afterEach(() => {
  vi.useRealTimers();
});

function withEmployer(start: string, end: string) {
  const actor = createActor(applicationMachine).start();
  actor.send({ type: 'answer.changed', step: 'employed', name: 'employed-last-10-years', value: 'yes' });
  const [entryId = ''] = selectEntryIds(actor.getSnapshot(), 'employed', 'employers');
  for (const [name, value] of [['company-name', 'Acme Freight'], ['start-date', start], ['end-date', end]] as const) {
    actor.send({ type: 'entry.answer.changed', step: 'employed', list: 'employers', entryId, name, value });
  }
  return actor;
}

describe('Employment/Contract History', () => {
  it('shows the 10-year notice computed from today, the completion line and an empty table', async () => {
    renderApp('/form/10/employment');
    expect(await screen.findByText(/DOT rules require your employment history for the 10 years before 07-2024/)).toHaveTextContent(
      '(07-2014 to 07-2024)',
    );
    expect(screen.getByText(/0% complete:/).closest('p')).toHaveTextContent('covers 0 of the 121 months from 07-2014 to 07-2024');
    expect(screen.getByText(/may be used, and your previous employers contacted/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Previous history' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Description',
      'Type',
      'Start Date',
      'End Date',
      'Actions',
    ]);
  });

  it('lists entries from the earlier steps, with coverage and every gap as a button', async () => {
    const actor = withEmployer('2014-07-01', '2020-06-30');
    renderApp('/form/10/employment', { actor });
    const table = await screen.findByRole('table', { name: 'Previous history' });
    const row = within(table).getByRole('row', { name: /Acme Freight/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Acme Freight',
      'Employment/Contract',
      '07-2014',
      '06-2020',
      '',
    ]);
    expect(screen.getByText(/% complete:/)).toHaveTextContent(`${Math.floor((72 / 121) * 100)}% complete:`);
    const gapButton = screen.getByRole('button', { name: 'Add an item for 07-2020 to 07-2024' });
    await userEvent.click(gapButton);
    expect(selectHistoryFormIsOpen(actor.getSnapshot())).toBe(true);
    const form = screen.getByRole('group', { name: 'Add history item' });
    expect(within(form).getByLabelText(/^Start Date/)).toHaveValue('2020-07');
    expect(within(form).getByLabelText(/^End Date/)).toHaveValue('2024-07');
  });

  it('opens the Add History Item form and Cancel closes it', async () => {
    const { actor } = renderApp('/form/10/employment');
    await userEvent.click(await screen.findByRole('button', { name: 'Add History Item' }));
    const form = screen.getByRole('group', { name: 'Add history item' });
    const type = within(form).getByRole('group', { name: 'Type' });
    expect(within(type).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'Employment/Contract',
      'Unemployment',
      'School',
      'Driving School',
      'Military',
    ]);
    expect(within(form).getByLabelText(/^Start Date/)).toBeRequired();
    expect(within(form).getByLabelText(/^End Date/)).toBeRequired();
    expect(within(form).getByText('If you are currently unemployed, enter the current month and year.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Comments' })).toBeRequired();
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Add history item' })).not.toBeInTheDocument();
    expect(selectHistoryFormIsOpen(actor.getSnapshot())).toBe(false);
  });

  it('saving an incomplete item names every missing answer; a complete one joins the table and can be removed', async () => {
    const { actor } = renderApp('/form/10/employment');
    await userEvent.click(await screen.findByRole('button', { name: 'Add History Item' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save item' }));
    const form = screen.getByRole('group', { name: 'Add history item' });
    expect(within(form).getByText('Select type')).toBeInTheDocument();
    expect(within(form).getByText('Enter start date')).toBeInTheDocument();
    expect(within(form).getByText('Enter comments')).toBeInTheDocument();

    await userEvent.click(within(form).getByRole('radio', { name: 'Unemployment' }));
    await userEvent.type(within(form).getByLabelText(/^Start Date/), '2015-01');
    await userEvent.type(within(form).getByLabelText(/^End Date/), '2016-03');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Comments' }), 'Caring for a parent');
    await userEvent.click(screen.getByRole('button', { name: 'Save item' }));

    expect(screen.queryByRole('group', { name: 'Add history item' })).not.toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Caring for a parent/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 4)).toEqual([
      'Caring for a parent',
      'Unemployment',
      '01-2015',
      '03-2016',
    ]);
    await userEvent.click(within(row).getByRole('button', { name: 'Remove Caring for a parent' }));
    expect(selectHistoryRows(actor.getSnapshot())).toEqual([]);
  });
});
