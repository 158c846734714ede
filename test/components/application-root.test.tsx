import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ApplicationRoot, openApplication } from '../../src/app/application-root.tsx';
import { selectPosition } from '../../machines/application-machine.ts';
import { startApplicationActor } from '../../src/shared/application-actor.ts';
import { createDraftStorage } from '../../src/shared/draft/draft-storage.ts';
import { draftStorageKey, ssnStorageKey } from '../../src/shared/draft/draft-keys.ts';

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

function openApp(path: string) {
  window.history.replaceState(null, '', path);
  const storage = createDraftStorage(window.localStorage, window.sessionStorage);
  const actor = openApplication(storage);
  return render(
    <StrictMode>
      <ApplicationRoot initialActor={actor} storage={storage} />
    </StrictMode>,
  );
}

describe('the application with its draft', () => {
  it('saves every change at once (before the next frame), and resumes on the same step with every value', async () => {
    const first = openApp('/form/2/personal');
    await userEvent.type(await screen.findByRole('textbox', { name: 'First name' }), 'Maria');
    await userEvent.type(screen.getByRole('textbox', { name: /Social Security Number/ }), '123-45-6789');
    expect(window.localStorage.getItem(draftStorageKey)).toContain('"first-name":"Maria"');
    expect(window.localStorage.getItem(draftStorageKey)).not.toContain('6789');
    expect(window.sessionStorage.getItem(ssnStorageKey)).toBe('123-45-6789');
    expect(screen.getByText(/^Saved on this device at /)).toBeInTheDocument();
    first.unmount();

    openApp('/');
    expect(window.location.pathname).toBe('/form/2/personal');
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Maria');
    expect(screen.getByRole('textbox', { name: /Social Security Number/ })).toHaveValue('123-45-6789');
  });

  it('starts clean and says so when the saved draft cannot be read', async () => {
    window.localStorage.setItem(draftStorageKey, '{"version": 99}');
    openApp('/form/2/personal');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('saved by a newer version');
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('');
    await userEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Start over asks first; Cancel keeps everything, confirming clears the device and the machine', async () => {
    openApp('/form/2/personal');
    await userEvent.type(await screen.findByRole('textbox', { name: 'First name' }), 'Maria');
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    const dialog = screen.getByRole('dialog', { name: 'Start over?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Maria');

    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /Yes, delete everything/ }));
    expect(window.location.pathname).toBe('/');
    expect(window.localStorage.getItem(draftStorageKey)).toBeNull();
    expect(window.sessionStorage.getItem(ssnStorageKey)).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Get started' }));
    // Next arrives with the step's lazily loaded content.
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('');
  });

  it('takes another tab’s newer answers without leaving its own step', async () => {
    openApp('/form/3/general');
    await screen.findByRole('group', { name: 'Were you referred by someone?' });
    const otherTab = startApplicationActor('/form/2/personal');
    otherTab.send({ type: 'answer.changed', step: 'general', name: 'referral', value: 'yes' });
    otherTab.send({ type: 'answer.changed', step: 'general', name: 'referral-name', value: 'Pat' });
    const otherStorage = createDraftStorage(window.localStorage, window.sessionStorage);
    otherStorage.save(otherTab.getPersistedSnapshot());
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: draftStorageKey, newValue: window.localStorage.getItem(draftStorageKey) }));
    });
    expect(window.location.pathname).toBe('/form/3/general');
    expect(await screen.findByRole('textbox', { name: 'Name of the person who referred you' })).toHaveValue('Pat');
  });
});

describe('starting the application actor', () => {
  it('resumes a draft on its own step when opened at /, and moves it to a deep link', () => {
    const saved = startApplicationActor('/form/3/general').getSnapshot();
    expect(selectPosition(startApplicationActor('/', { snapshot: saved }).getSnapshot())).toBe('general');
    expect(selectPosition(startApplicationActor('/form/2/personal', { snapshot: saved }).getSnapshot())).toBe('personal');
    expect(selectPosition(startApplicationActor('/').getSnapshot())).toBe('home');
  });
});
