import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../domain/user';
import { PREFERENCE_KEYS, preferencesStore } from '../../providers/preferencesStore';
import { readSessionOrNull } from '../../providers/session';
import { ana, apiUrl, server, signInAnswer } from './msw';
import { renderApp, startSignedIn } from './renderApp';

/** PATCH /auth/me as the server answers it (the session user with the new language); records each body. */
const recordLanguageUpdates = () => {
  const bodies: unknown[] = [];
  server.use(
    http.patch(apiUrl('/auth/me'), async ({ request }) => {
      const body = (await request.json()) as { language: SessionUser['language'] };
      bodies.push(body);
      return HttpResponse.json({ ...ana, language: body.language });
    }),
  );
  return bodies;
};

/** Time for a late or repeated request to arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

afterEach(() => vi.restoreAllMocks());

describe("the user's language follows the interface language (mails are written in it)", () => {
  it('sends one PATCH with the new language when it changes while signed in', async () => {
    const updates = recordLanguageUpdates();
    startSignedIn();
    renderApp('/settings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Français' }));

    await waitFor(() => expect(updates).toEqual([{ language: 'fr' }]));
    await waitFor(() => expect(readSessionOrNull()?.authenticatedUser.language).toBe('fr'));
    await settle();
    expect(updates).toHaveLength(1);
  });

  it('sends the interface language right after a sign-in into an account stored with another one', async () => {
    const updates = recordLanguageUpdates();
    server.use(http.post(apiUrl('/auth/sign-in'), () => HttpResponse.json(signInAnswer({ ...ana, language: 'en' }))));
    preferencesStore.setItem(PREFERENCE_KEYS.lang, 'de');
    renderApp('/auth');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/E-Mail/i), 'ana@demo.ch');
    await user.type(screen.getByLabelText(/Passwort/i), 'a good long password');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));

    await waitFor(() => expect(updates).toEqual([{ language: 'de' }]));
    await waitFor(() => expect(readSessionOrNull()?.authenticatedUser.language).toBe('de'));
    await settle();
    expect(updates).toHaveLength(1);
  });

  it('sends nothing when the account already has the interface language', async () => {
    const updates = recordLanguageUpdates();
    startSignedIn({ ...ana, language: 'en' });
    renderApp('/dashboard');

    expect(await screen.findByText('Hello, Ana')).toBeInTheDocument();
    await settle();
    expect(updates).toEqual([]);
  });

  it('only logs a refused update and keeps the chosen language', async () => {
    server.use(http.patch(apiUrl('/auth/me'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    startSignedIn();
    renderApp('/settings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Deutsch' }));

    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toBeInTheDocument();
    await settle();
    expect(readSessionOrNull()?.authenticatedUser.language).toBe('en');
    expect(warn).toHaveBeenCalledWith('Cannot store the language of the user', expect.anything());
  });
});
