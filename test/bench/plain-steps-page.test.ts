import { screen } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureShownStep, installPlainSteps, plainStepsShell } from '../../bench/plain-steps-page.ts';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe("the Next benchmark's plain HTML steps", () => {
  it('serves an empty page with the app stylesheets', () => {
    const parsed = new DOMParser().parseFromString(plainStepsShell(['/assets/index-abc.css']), 'text/html');
    expect([...parsed.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href'))).toEqual(['/assets/index-abc.css']);
    expect(parsed.body.children).toHaveLength(0);
    expect(parsed.querySelectorAll('script')).toHaveLength(0);
  });

  it('captures the shown step with what was entered written into the markup', async () => {
    document.body.innerHTML = `<div id="root"><main><h1>Personal Information</h1>
      <label>First name <input type="text" name="first"></label>
      <label><input type="checkbox" name="agree"> Agree</label>
      <label>State <select name="state"><option value="">Select</option><option value="VA">Virginia</option></select></label>
      <label>Note <textarea name="note"></textarea></label></main></div>`;
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.click(screen.getByLabelText('Agree'));
    await user.selectOptions(screen.getByLabelText('State'), 'VA');
    await user.type(screen.getByLabelText('Note'), 'Night shifts');

    const captured = new DOMParser().parseFromString(captureShownStep(), 'text/html');
    expect(captured.querySelector('input[name="first"]')?.getAttribute('value')).toBe('Ada');
    expect(captured.querySelector('input[name="agree"]')?.hasAttribute('checked')).toBe(true);
    expect(captured.querySelector('option[value="VA"]')?.hasAttribute('selected')).toBe(true);
    expect(captured.querySelector('option[value=""]')?.hasAttribute('selected')).toBe(false);
    expect(captured.querySelector('textarea')?.textContent).toBe('Night shifts');
    expect(captured.querySelector('#root')).toBeNull();
  });

  it('leaves out what the page does not show, with its content, and keeps every option of a select', () => {
    document.body.innerHTML = `<div id="root"><main><h1>Military</h1>
      <form><select><option>One</option><option>Two</option></select></form>
      <form style="display: none !important"><h2>The next step</h2><button>Next</button></form>
      <div class="reveal" hidden><label>Rank <input></label></div></main></div>`;
    const captured = new DOMParser().parseFromString(captureShownStep(), 'text/html');
    expect(captured.querySelectorAll('form')).toHaveLength(1);
    expect(captured.querySelectorAll('option')).toHaveLength(2);
    expect(captured.querySelector('h2')).toBeNull();
    expect(captured.querySelector('.reveal')).toBeNull();
    expect(captured.querySelector('h1')?.textContent).toBe('Military');
  });

  it('shows one step at a time; Get started and Next show the following one, with its URL, at the top, its heading focused', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    installPlainSteps([
      '<main><h1 tabindex="-1">Welcome</h1><a href="/form/1/requirements">Get started</a></main>',
      '<main><h1 tabindex="-1">Requirements</h1><button type="button">Back</button><button type="button">Next</button></main>',
      '<main><h1 tabindex="-1">Personal Information</h1><button type="button">Next</button></main>',
    ]);
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome');

    await user.click(screen.getByRole('link', { name: 'Get started' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Requirements');
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(window.location.hash).toBe('#step-1');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Requirements');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Personal Information');
    expect(window.location.hash).toBe('#step-2');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Personal Information');
  });
});
