import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../domain/user';
import { PREFERENCE_KEYS } from '../../providers/preferencesStore';
import { preferencesStore } from '../../src/providers';
import { readSessionOrNull } from '../../src/providers';
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

describe("the user's stored language (mails are written in it)", () => {
  it('is changed by a choice in Settings: one PATCH with the new language', async () => {
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

  it("is changed by a choice in the app bar's language menu", async () => {
    const updates = recordLanguageUpdates();
    startSignedIn();
    renderApp('/dashboard');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'English' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Italiano' }));

    expect(await screen.findByText('Buongiorno, Ana')).toBeInTheDocument();
    await waitFor(() => expect(updates).toEqual([{ language: 'it' }]));
  });

  it('is adopted by a sign-in, not overwritten: an English browser opens in the German of the account', async () => {
    const updates = recordLanguageUpdates();
    server.use(http.post(apiUrl('/auth/sign-in'), () => HttpResponse.json(signInAnswer({ ...ana, language: 'de' }))));
    preferencesStore.setItem(PREFERENCE_KEYS.lang, 'en');
    renderApp('/auth');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/Email/i), 'ana@demo.ch');
    await user.type(screen.getByLabelText(/Password/i), 'a good long password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Hallo, Ana')).toBeInTheDocument();
    expect(preferencesStore.getItem(PREFERENCE_KEYS.lang)).toBe('de');
    await settle();
    expect(updates).toEqual([]);
    expect(readSessionOrNull()?.authenticatedUser.language).toBe('de');
  });

  it('is adopted by an access link: a German account lands on German screens, and nothing is stored', async () => {
    const updates = recordLanguageUpdates();
    server.use(
      http.post(apiUrl('/auth/access-link'), () =>
        HttpResponse.json(signInAnswer({ ...ana, language: 'de', hasPassword: false })),
      ),
    );
    preferencesStore.setItem(PREFERENCE_KEYS.lang, 'en');
    renderApp(`/auth/sign_in?authId=${signInAnswer().authId}&token=one-time-token`);

    expect(await screen.findByRole('heading', { name: 'Wählen Sie Ihr Passwort' })).toBeInTheDocument();
    await settle();
    expect(updates).toEqual([]);
  });

  it('is not touched by opening the app in another language than the stored one', async () => {
    const updates = recordLanguageUpdates();
    preferencesStore.setItem(PREFERENCE_KEYS.lang, 'de');
    startSignedIn({ ...ana, language: 'en' });
    renderApp('/dashboard');

    expect(await screen.findByText('Hallo, Ana')).toBeInTheDocument();
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
