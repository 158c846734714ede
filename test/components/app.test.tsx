import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { selectPosition } from '../../machines/application-machine.ts';
import { steps } from '../../machines/steps.ts';
import { renderApp } from '../support/render-app.tsx';
import { specStepList, unknownPaths } from '../support/spec-route-table.ts';

const formEntries = specStepList.map((entry, index) => ({ ...entry, index })).filter((entry) => entry.route !== '/');

describe('home page', () => {
  it('tells the applicant what to have ready, the rules, the hiring line and the EEO policy', () => {
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Driver employment application' })).toBeInTheDocument();
    const readyList = screen.getByText('Have this information ready:').nextElementSibling as HTMLElement;
    expect(within(readyList).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Social Security Number.',
      'Home address history for 3 years.',
      "Current driver's licence number and licence history for 3 years.",
      'Employment history for up to 10 years.',
      'Traffic accident, violation and conviction history for the last 3 years, including DUI, reckless driving and licence suspensions.',
      'Military history, if applicable.',
    ]);
    expect(screen.getByText(/Required fields are marked with an asterisk/)).toHaveTextContent(/must be provided to continue/);
    expect(screen.getByText(/Incomplete information will delay or block submission/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(540) 555-0142' })).toHaveAttribute('href', 'tel:+15405550142');
    expect(screen.getByRole('heading', { name: 'Equal employment opportunity' })).toBeInTheDocument();
    expect(screen.getByText(/is an equal opportunity employer/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('Get started goes to the requirements step', async () => {
    const { router, actor } = renderApp('/');
    await userEvent.click(screen.getByRole('link', { name: 'Get started' }));
    expect(router.state.location.pathname).toBe('/form/1/requirements');
    expect(selectPosition(actor.getSnapshot())).toBe('requirements');
    expect(await screen.findByRole('heading', { level: 1, name: 'Requirements' })).toBeInTheDocument();
  });
});

describe('requirements page', () => {
  it('lists the seven qualification criteria', async () => {
    renderApp('/form/1/requirements');
    const criteria = await screen.findAllByRole('listitem');
    expect(criteria.map((item) => item.textContent)).toEqual([
      'At least 21 years old.',
      'No DUI within 10 years for CDL-A holders.',
      'At most 1 preventable accident in 2 years and no major accident in 5 years.',
      'At most 2 moving violations in 2 years.',
      'Able to pass a DOT physical and a drug test.',
      'Good knowledge of pre-trip and post-trip inspection and of electronic logs.',
      'Fluent English: able to read, write and interpret traffic signs.',
    ]);
  });
});

describe('shared layout', () => {
  it.each(formEntries)('$route shows the header, its heading, progress $index and Back/Next', async ({ route, heading, index }) => {
    renderApp(route);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Blue Ridge Freight Lines' })).toHaveAttribute('href', '/');
    expect(banner.querySelector('img')).toHaveAttribute('src', '/carrier-logo.svg');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
    const progress = screen.getByRole('progressbar', { name: 'Completion Progress' });
    expect(progress).toHaveAttribute('aria-valuenow', String(Math.round(((index + 1) / 28) * 100)));
    expect((progress.firstElementChild as HTMLElement).style.width).toBe(`${((index + 1) / 28) * 100}%`);
    // Back and Next arrive with the step's lazily loaded content.
    expect(await screen.findByRole('button', { name: 'Back' })).toBeInTheDocument();
    const forward = route === '/form/25/signature' ? 'Submit application' : 'Next';
    expect(screen.getByRole('button', { name: forward })).toBeInTheDocument();
  });

  it('Next and Back move the machine and the URL together, without validating', async () => {
    const { router, actor } = renderApp('/form/3/general');
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(router.state.location.pathname).toBe('/form/3/emergency');
    expect(selectPosition(actor.getSnapshot())).toBe('emergency');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Emergency Contacts');
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/form/2/personal');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Personal Information');
  });

  it('the forward button of the Signature step is Submit application: it checks and stays (decision 5)', async () => {
    const { router, actor } = renderApp('/form/25/signature');
    const submit = await screen.findByRole('button', { name: 'Submit application' });
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await userEvent.click(submit);
    expect(router.state.location.pathname).toBe('/form/25/signature');
    expect(selectPosition(actor.getSnapshot())).toBe('signature');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your application is not complete yet');
  });

  it('moves focus to the new heading after a step change, and sets the document title', async () => {
    renderApp('/form/4/license');
    expect(document.title).toBe('License Details – Blue Ridge Freight Lines');
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Military Service');
    expect(heading).toHaveFocus();
    expect(document.title).toBe('Military Service – Blue Ridge Freight Lines');
  });

  it('follows the browser history (back and forward) like Back and Next', async () => {
    const { router, actor } = renderApp('/form/5/military');
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Employer/Contract Information' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(selectPosition(actor.getSnapshot())).toBe('training');
    await act(() => router.navigate(-1));
    expect(selectPosition(actor.getSnapshot())).toBe('employed');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Employer/Contract Information');
    await act(() => router.navigate(-1));
    expect(selectPosition(actor.getSnapshot())).toBe('military');
    await act(() => router.navigate(1));
    expect(selectPosition(actor.getSnapshot())).toBe('employed');
    expect(router.state.location.pathname).toBe('/form/6/employed');
  });

  it('leaves focus alone on the first page, in and out of StrictMode', () => {
    for (const strict of [true, false]) {
      const { unmount } = renderApp('/form/2/personal', { strict });
      expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();
      unmount();
    }
  });

  it('moves focus to the first heading when started by a link followed on the pre-rendered home page, in and out of StrictMode', () => {
    for (const strict of [true, false]) {
      const { unmount } = renderApp('/form/1/requirements', { strict, followedLink: true });
      const heading = screen.getByRole('heading', { level: 1 });
      expect(heading).toHaveTextContent('Requirements');
      expect(heading).toHaveFocus();
      unmount();
    }
  });

  it('renders in and out of StrictMode alike', () => {
    for (const strict of [true, false]) {
      const { unmount, router } = renderApp('/form/12/accidents', { strict });
      expect(router.state.location.pathname).toBe('/form/12/accidents');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Accident Details');
      unmount();
    }
  });
});

describe('not found', () => {
  it.each(unknownPaths)('%s shows the Not Found page', async (path) => {
    const { router, actor } = renderApp(path);
    expect(screen.getByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for does not exist.')).toBeInTheDocument();
    expect(screen.getByText('Please check the URL or click the button below to go back to the homepage.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    await userEvent.click(screen.getByRole('link', { name: 'Go back to homepage' }));
    expect(router.state.location.pathname).toBe('/');
    expect(selectPosition(actor.getSnapshot())).toBe('home');
  });
});

describe('modal shown by name through navigation state', () => {
  it('opens the named modal with its data; Close clears the state and returns focus', async () => {
    const { router } = renderApp('/', {
      state: { modal: 'application-submitted', reference: 'BRF-2024-0001', downloadUrl: '/api/applications/x/pdf' },
    });
    const dialog = screen.getByRole('dialog', { name: 'Application submitted' });
    expect(dialog).toHaveTextContent('Your reference number is BRF-2024-0001.');
    expect(within(dialog).getByRole('link', { name: /Download a copy of your application/ })).toHaveAttribute(
      'href',
      '/api/applications/x/pdf',
    );
    expect(within(dialog).getByRole('heading', { name: 'Application submitted' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.state).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('closes on Escape (the dialog cancel event)', async () => {
    renderApp('/', { state: { modal: 'application-submitted', reference: 'R-1' } });
    const dialog = screen.getByRole('dialog', { name: 'Application submitted' });
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('ignores an unknown modal name and a download link to another site', () => {
    renderApp('/', { state: { modal: 'no-such-modal' } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    for (const downloadUrl of ['https://evil.example/x.pdf', '//evil.example/x.pdf', '/\\evil.example/x.pdf']) {
      const { unmount } = renderApp('/', { state: { modal: 'application-submitted', downloadUrl } });
      expect(screen.getByRole('dialog')).not.toHaveTextContent('Download');
      unmount();
    }
  });
});

it('covers every form route of the step list', () => {
  expect(formEntries).toHaveLength(26);
  expect(formEntries.map((entry) => entry.route)).toEqual(steps.filter((step) => step.route !== '/').map((step) => step.route));
});
