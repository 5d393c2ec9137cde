import { AUTH_ERROR_CODES } from '../../domain/authErrorCodes';
import type { Language } from '../../domain/languages';
import type { MessageTree } from '../i18n/publicCatalogues';

/**
 * A small translate over one catalogue, doing what the public pages ask of polyglot (react-admin's
 * translator): nested keys, `%{name}` values, `smart_count` plurals (`one |||| many`), the caller's `_`
 * default, and a bare auth error code read as its sentence (as providers/i18nProvider.ts does).
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const AUTH_ERROR_CODE_SET: ReadonlySet<string> = new Set(Object.values(AUTH_ERROR_CODES));

const lookup = (messages: MessageTree, key: string): string | undefined => {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
};

/** Polyglot's plural rule for our languages: French counts 0 and 1 as one. */
const pluralIndex = (language: Language, count: number) =>
  language === 'fr' ? (count > 1 ? 1 : 0) : count === 1 ? 0 : 1;

export const createTranslate =
  (messages: MessageTree, language: Language): Translate =>
  (key, options = {}) => {
    const resolvedKey = AUTH_ERROR_CODE_SET.has(key) ? `app.auth.errors.${key}` : key;
    const fallback = typeof options._ === 'string' ? options._ : key;
    let text = lookup(messages, resolvedKey) ?? fallback;
    if (typeof options.smart_count === 'number' && text.includes('||||')) {
      const forms = text.split('||||').map((form) => form.trim());
      text = forms[Math.min(pluralIndex(language, options.smart_count), forms.length - 1)];
    }
    return text.replace(/%\{(\w+)\}/g, (placeholder, name: string) =>
      name in options ? String(options[name]) : placeholder,
    );
  };
