import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { PREFERENCE_KEYS } from '../../providers/preferencesStore';
import { preferencesStore } from '../../src/providers';
import { ana, apiUrl, listAnswer, server } from './msw';
import { renderApp, startSignedIn } from './renderApp';

/** The browser tab names the page, then the app, in the interface language. */
describe("the browser tab's title", () => {
  it.each([
    ['/dashboard', 'Dashboard · Back office'],
    ['/settings', 'Settings · Back office'],
    ['/tags', 'Tags · Back office'],
  ])('names the page %s', async (path, title) => {
    server.use(http.get(apiUrl('/tags'), () => listAnswer('tags', [])));
    startSignedIn();
    renderApp(path);

    await waitFor(() => expect(document.title).toBe(title));
  });

  it('follows the interface language and the page shown', async () => {
    server.use(http.get(apiUrl('/tags'), () => listAnswer('tags', [])));
    preferencesStore.setItem(PREFERENCE_KEYS.lang, 'de');
    startSignedIn({ ...ana, language: 'de' });
    renderApp('/tags');

    await waitFor(() => expect(document.title).toBe('Tags · Backoffice'));
    await (await screen.findByRole('menuitem', { name: 'Einstellungen' })).click();
    await waitFor(() => expect(document.title).toBe('Einstellungen · Backoffice'));
  });

  it.each([
    ['/auth', 'Sign in · Back office'],
    ['/forgot-password', 'Forgot your password? · Back office'],
    ['/unauthorized', 'Ooops, unAuthorized :( · Back office'],
  ])('names the public screen %s', async (path, title) => {
    renderApp(path);

    await waitFor(() => expect(document.title).toBe(title));
  });
});
