import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { selectAcknowledgedAt } from '../../machines/application-selectors.ts';
import { selectPosition } from '../../machines/application-machine.ts';
import { noticeSteps } from '../../machines/steps.ts';
import { renderApp } from '../support/render-app.tsx';
import { completeApplication, fillSteps } from '../support/sample-answers.ts';

describe('Confirmation', () => {
  it('reviews the personal data with Change links, the SSN masked to its last four digits with a Show/Hide button', async () => {
    const { actor } = fillSteps(['personal']);
    renderApp('/form/15/confirmation', { actor });
    const review = await screen.findByRole('region', { name: 'Your personal information' });
    const rows = within(review).getAllByRole('term').map((term) => term.textContent);
    expect(rows).toEqual(expect.arrayContaining(['First name', 'Last name', 'Date of birth', 'Street address line 1', 'Email address', 'Preferred method of contact']));
    expect(within(review).getByText('Maria')).toBeInTheDocument();
    expect(within(review).getByText('12 April 1985')).toBeInTheDocument();
    expect(within(review).getByText('Text message')).toBeInTheDocument();
    expect(within(review).queryByText('123-45-6789')).not.toBeInTheDocument();
    expect(within(review).getByText('•••-••-6789')).toBeInTheDocument();
    const show = within(review).getByRole('button', { name: 'Show Social Security Number' });
    // Its name says what it does next, so it is not also a pressed toggle.
    expect(show).not.toHaveAttribute('aria-pressed');
    await userEvent.click(show);
    expect(within(review).getByText('123-45-6789')).toBeInTheDocument();
    await userEvent.click(within(review).getByRole('button', { name: 'Hide Social Security Number' }));
    expect(within(review).queryByText('123-45-6789')).not.toBeInTheDocument();
    const change = within(review).getByRole('link', { name: 'Change first name' });
    expect(change).toHaveAttribute('href', '/form/2/personal');
  });

  it('states the certification and signs with a typed name, kept in the machine; Clear signs again', async () => {
    const { actor } = renderApp('/form/15/confirmation');
    expect(await screen.findByText(/This certifies that this application was completed by me/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign with my typed name' }));
    expect(screen.getByText('Type your full legal name to sign with it')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Or type your full legal name to sign' }), 'Maria Alvarez');
    await userEvent.click(screen.getByRole('button', { name: 'Sign with my typed name' }));
    expect(actor.getSnapshot().context.signature).toMatchObject({ method: 'typed', name: 'Maria Alvarez' });
    expect(screen.getByLabelText('Typed signature: Maria Alvarez')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear signature and sign again' }));
    expect(actor.getSnapshot().context.signature).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('asks for a drawing before Save, next to the pad', async () => {
    const { actor } = renderApp('/form/15/confirmation');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByText('Draw your signature in the box before pressing Save')).toBeInTheDocument();
    expect(actor.getSnapshot().context.signature).toBeNull();
    expect(screen.getByRole('img', { name: 'Signature drawing area' })).toBeInTheDocument();
  });

  it('offers save my data and send me a copy; the copy reveals a required email prefilled from the personal email', async () => {
    const { actor } = fillSteps(['personal']);
    renderApp('/form/15/confirmation', { actor });
    const saveMyData = await screen.findByRole('checkbox', { name: 'Save my answers on this device for a future application' });
    expect(saveMyData).not.toBeChecked();
    expect(saveMyData).not.toBeRequired();
    const sendCopy = screen.getByRole('checkbox', { name: 'Send me a copy of my application by email' });
    expect(screen.queryByRole('textbox', { name: 'Email address for your copy' })).not.toBeInTheDocument();
    await userEvent.click(sendCopy);
    const email = screen.getByRole('textbox', { name: 'Email address for your copy' });
    expect(email).toBeRequired();
    expect(email).toHaveValue('maria.alvarez@example.com');
    expect(sendCopy).toHaveAttribute('aria-controls', email.closest('.reveal')?.id);
  });
});

describe.each(noticeSteps.map((notice) => [notice.heading, notice] as const))('the notice “%s”', (_, notice) => {
  it('shows its heading, its text and a required acknowledgement whose time the machine keeps', async () => {
    const { actor } = renderApp(notice.route);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(notice.heading);
    const checkbox = await screen.findByRole('checkbox', { name: `I have read and acknowledge the ${notice.heading}` });
    expect(checkbox).toBeRequired();
    expect(checkbox.closest('.acknowledgement')?.querySelector('.required-marker')).toHaveTextContent('*');
    const text = document.querySelector('.notice-text');
    expect(text?.textContent?.length).toBeGreaterThan(500);
    expect(text?.innerHTML).not.toMatch(/\{\{/);
    await userEvent.click(checkbox);
    expect(selectAcknowledgedAt(actor.getSnapshot(), notice.id)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(checkbox).toHaveAccessibleDescription(/^Acknowledged on /);
    await userEvent.click(checkbox);
    expect(selectAcknowledgedAt(actor.getSnapshot(), notice.id)).toBeUndefined();
  });
});

describe('the notices carry the carrier’s details', () => {
  it('fills the placeholders from the carrier configuration', async () => {
    renderApp('/form/24/firearm');
    await screen.findByRole('checkbox');
    expect(document.querySelector('.notice-text')?.textContent).toContain('Blue Ridge Freight Lines');
  });
});

describe('Signature', () => {
  it('shows the status of every step, each a link, and the statement that the signature covers the notices', async () => {
    renderApp('/form/25/signature');
    const status = await screen.findByRole('region', { name: 'Your application' });
    const links = within(status).getAllByRole('link');
    expect(links).toHaveLength(24);
    expect(within(status).getByRole('link', { name: 'Personal Information' })).toHaveAttribute('href', '/form/2/personal');
    expect(within(status).getByRole('link', { name: 'Firearm policy' })).toHaveAttribute('href', '/form/24/firearm');
    expect(within(status).getByText('Enter first name')).toBeInTheDocument();
    expect(screen.getByText(/applies to this application and to each of the notices I have acknowledged/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('Submit application lists exactly the incomplete steps, focused, each a link that goes there', async () => {
    const { actor } = completeApplication();
    actor.send({ type: 'notice.unacknowledged', notice: 'summary' });
    actor.send({ type: 'answer.changed', step: 'license', name: 'license-number', value: '' });
    renderApp('/form/25/signature', { actor });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit application' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'License Details',
      'Summary of rights under the consumer report law section 1681m(a)',
    ]);
  });

  it('a link in the list goes to its step', async () => {
    const { actor } = completeApplication();
    actor.send({ type: 'notice.unacknowledged', notice: 'summary' });
    const { router } = renderApp('/form/25/signature', { actor });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit application' }));
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('link', { name: /Summary of rights/ }));
    expect(router.state.location.pathname).toBe('/form/22/summary');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Summary of rights under the consumer report law section 1681m(a)');
  });

  it('a complete application is sent; the applicant lands on / with the application-submitted modal', async () => {
    const { actor } = completeApplication();
    const { router } = renderApp('/form/25/signature', { actor });
    expect(await screen.findByText('Every step is complete.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your saved signature' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Application submitted' });
    expect(dialog).toHaveTextContent('Your reference number is BRF-TESTREF1.');
    expect(within(dialog).getByRole('link', { name: /Download a copy/ })).toHaveAttribute('href', '/api/applications/copy/sample-token');
    expect(router.state.location.pathname).toBe('/');
    expect(selectPosition(actor.getSnapshot())).toBe('finish');
  });

  it('says when the application could not be sent, with the hiring line, and keeps everything', async () => {
    const { actor } = completeApplication(async () => {
      throw new Error('The application was refused (422).');
    });
    renderApp('/form/25/signature', { actor });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit application' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your application has not been sent yet');
    expect(within(alert).getByRole('link', { name: '(540) 555-0142' })).toHaveAttribute('href', 'tel:+15405550142');
    expect(alert).toHaveFocus();
    expect(actor.getSnapshot().context.signature).not.toBeNull();
  });
});
