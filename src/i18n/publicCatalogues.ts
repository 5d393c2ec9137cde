import type { Language } from '../../domain/languages';
import englishApp from './en/app';
import englishFramework from './en/framework';

/**
 * The messages the public pages (sign-in, password and account flows) need, without react-admin: each
 * language's own app messages over react-admin's (`ra.validation.*`), as the full catalogue merges them, but
 * without the resource screens' messages. English is at hand; the others load on demand.
 */
export type MessageTree = { [key: string]: string | MessageTree };

const isTree = (value: unknown): value is MessageTree => typeof value === 'object' && value !== null;

/** `later` over `earlier`, key by key (what react-admin's mergeTranslations does). */
export const mergeMessages = (earlier: MessageTree, later: MessageTree): MessageTree => {
  const merged: MessageTree = { ...earlier };
  for (const [key, value] of Object.entries(later)) {
    const previous = merged[key];
    merged[key] = isTree(value) && isTree(previous) ? mergeMessages(previous, value) : value;
  }
  return merged;
};

const catalogueOf = (framework: object, app: object): MessageTree =>
  mergeMessages(framework as MessageTree, app as MessageTree);

export const englishPublicMessages: MessageTree = catalogueOf(englishFramework, englishApp);

type Loader = () => Promise<[{ default: object }, { default: object }]>;

const loaders: Record<Exclude<Language, 'en'>, Loader> = {
  fr: () => Promise.all([import('./fr/framework'), import('./fr/app')]),
  de: () => Promise.all([import('./de/framework'), import('./de/app')]),
  it: () => Promise.all([import('./it/framework'), import('./it/app')]),
};

const loaded = new Map<Language, MessageTree>([['en', englishPublicMessages]]);

/** A language's public messages over English, so that a missing key reads in English. */
export const loadPublicMessages = async (language: Language): Promise<MessageTree> => {
  const known = loaded.get(language);
  if (known) return known;
  const [framework, app] = await loaders[language as Exclude<Language, 'en'>]();
  const messages = mergeMessages(englishPublicMessages, catalogueOf(framework.default, app.default));
  loaded.set(language, messages);
  return messages;
};

/** The messages of a language if they were loaded already, else English (for the crash screen, which cannot wait). */
export const publicMessagesAtHand = (language: Language): MessageTree => loaded.get(language) ?? englishPublicMessages;
