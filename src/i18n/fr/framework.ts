import frenchMessages from 'ra-language-french';
import type { TranslationMessages } from 'react-admin';

/** react-admin's own messages in French, from the maintained package. */
const framework: TranslationMessages = frenchMessages;

export default framework;
