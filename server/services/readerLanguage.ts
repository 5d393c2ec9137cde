import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../domain/languages';

/**
 * The language a reader reads labels in (docs/server.md "Events", reading): the request's `Accept-Language`
 * when it names one of the app's languages, otherwise the signed-in user's stored language (`users.language`,
 * the one of their mails), otherwise English. The browser sends its current react-admin locale as
 * `Accept-Language` (providers/httpClient.ts), so the labels follow the language switch at once, before the
 * stored preference does; a client that sends nothing gets the user's language.
 */

/** An Accept-Language header longer than this is cut: no real client sends so many ranges. */
const MAX_HEADER_LENGTH = 500;

interface LanguageRange {
  language: Language;
  weight: number;
  position: number;
}

/** `fr-CH;q=0.9` → its primary subtag (`fr`) when it is one of the app's languages, with its weight. */
function rangeOf(part: string, position: number): LanguageRange | undefined {
  const [tag = '', ...parameters] = part.split(';').map((piece) => piece.trim());
  const language = tag.split('-')[0].toLowerCase();
  if (!isLanguage(language)) return undefined;
  const weightParameter = parameters.find((parameter) => /^q=/i.test(parameter));
  const weight = weightParameter === undefined ? 1 : Number(weightParameter.slice(2));
  // q=0 means "not acceptable"; a malformed weight names nothing usable either.
  if (!Number.isFinite(weight) || weight <= 0 || weight > 1) return undefined;
  return { language, weight, position };
}

/** The app language an Accept-Language header prefers (highest weight, then first named), or undefined. */
export function languageOfAcceptLanguage(header: string | string[] | undefined): Language | undefined {
  const text = (Array.isArray(header) ? header.join(',') : (header ?? '')).slice(0, MAX_HEADER_LENGTH);
  const ranges = text.split(',').flatMap((part, position) => rangeOf(part, position) ?? []);
  ranges.sort((left, right) => right.weight - left.weight || left.position - right.position);
  return ranges[0]?.language;
}

/** Who reads: the signed-in user's stored language (read with their session) and the request's header. */
export interface LanguageReader {
  storedLanguage: string | null;
  acceptLanguage: string | string[] | undefined;
}

/** The reader's language for an authenticated request (the rule above). */
export function readerLanguageOf(reader: LanguageReader): Language {
  const named = languageOfAcceptLanguage(reader.acceptLanguage);
  if (named) return named;
  return isLanguage(reader.storedLanguage) ? reader.storedLanguage : DEFAULT_LANGUAGE;
}
