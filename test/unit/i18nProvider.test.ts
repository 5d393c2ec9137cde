import { describe, expect, it, vi } from 'vitest';
import { createI18nProvider, withEnglishFallback } from '../../providers/i18nProvider';
import { catalogues } from '../../src/i18n';

describe('i18n provider', () => {
  it('offers the four languages under their own names', () => {
    expect(createI18nProvider({ catalogues }).getLocales?.()).toEqual([
      { locale: 'en', name: 'English' },
      { locale: 'fr', name: 'Français' },
      { locale: 'de', name: 'Deutsch' },
      { locale: 'it', name: 'Italiano' },
    ]);
  });

  it("starts in English with react-admin's and the app's messages", () => {
    const provider = createI18nProvider({ catalogues });
    expect(provider.getLocale()).toBe('en');
    expect(provider.translate('ra.action.save')).toBe('Save');
    expect(provider.translate('app.errors.crash.title')).toBe('Ooops, something went wrong :(');
    expect(provider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 25, total: 319 })).toBe(
      '1-25 of 319',
    );
  });

  it.each([
    ['fr', 'Enregistrer'],
    ['de', 'Speichern'],
    ['it', 'Salva'],
  ])('loads %s on demand', async (locale, save) => {
    const provider = createI18nProvider({ catalogues });
    await provider.changeLocale(locale);
    expect(provider.getLocale()).toBe(locale);
    expect(provider.translate('ra.action.save')).toBe(save);
    expect(provider.translate('ra.notification.deleted', { smart_count: 3 })).toMatch(/3/);
  });

  it('switches to the stored language by itself', async () => {
    const provider = createI18nProvider({ catalogues, initialLocale: 'de' });
    await vi.waitFor(() => expect(provider.getLocale()).toBe('de'));
    expect(provider.translate('ra.auth.logout')).toBe('Abmelden');
  });

  it('falls back to English for a key a language lacks', () => {
    const merged = withEnglishFallback(catalogues.english, { ra: { action: { save: 'Speichern' } } } as never);
    expect((merged.ra as { action: Record<string, string> }).action.save).toBe('Speichern');
    expect((merged.ra as { action: Record<string, string> }).action.cancel).toBe('Cancel');
  });

  it('does not fail on a key unknown everywhere', () => {
    const provider = createI18nProvider({ catalogues });
    expect(provider.translate('resources.nothing-here.name', { _: 'Nothing here' })).toBe('Nothing here');
    expect(provider.translate('no.such.key')).toBe('no.such.key');
  });

  it('reads an auth error code as the sentence the app gives it', async () => {
    const provider = createI18nProvider({ catalogues });
    const code = 'PLEASE_SIGN_IN_USING_THE_ACCESS_LINK_PROVIDED_BY_THE_HOSPITAL';
    expect(provider.translate(code)).toBe(provider.translate(`app.auth.errors.${code}`));
    expect(provider.translate(code)).not.toBe(code);
    await provider.changeLocale('fr');
    expect(provider.translate(code)).toBe(provider.translate(`app.auth.errors.${code}`));
  });
});
