import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ana, apiUrl, listAnswer, server } from './msw';
import { renderApp, startSignedIn } from './renderApp';

/**
 * The server answers some labels (an event's type) in the language the browser names in Accept-Language;
 * after a language switch the page on screen is read again in the new language instead of keeping the
 * cached answer for the minute it counts as fresh.
 */
describe('switching the interface language', () => {
  it('reads the list on screen again, asking for the new language', async () => {
    const languages: (string | null)[] = [];
    server.use(
      http.get(apiUrl('/tags'), ({ request }) => {
        languages.push(request.headers.get('Accept-Language'));
        return listAnswer('tags', []);
      }),
      // The switch also stores the user's language (src/layout/useChooseLanguage.ts).
      http.patch(apiUrl('/auth/me'), () => HttpResponse.json({ ...ana, language: 'fr' })),
    );
    startSignedIn();
    renderApp('/tags');
    await waitFor(() => expect(languages).toEqual(['en']), { timeout: 10_000 });

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'English' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Français' }));

    await waitFor(() => expect(languages).toEqual(['en', 'fr']), { timeout: 10_000 });
  });
});
