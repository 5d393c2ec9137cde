import { mergeTranslations, type TranslationMessages } from 'react-admin';
import app from './app';
import framework from './framework';

/** react-admin's messages and the app's own, in one catalogue. */
const messages: TranslationMessages = mergeTranslations(framework, app);

export default messages;
