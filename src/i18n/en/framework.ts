import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';

/** react-admin's own messages in English: the reference key set of every other language. */
const framework: TranslationMessages = englishMessages;

export default framework;
