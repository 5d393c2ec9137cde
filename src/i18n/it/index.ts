import { mergeTranslations, type TranslationMessages } from 'react-admin';
import app from './app';
import framework from './framework';
import resources from './resources';
import widgetSettings from './widgetSettings';
import offerTemplates from './offerTemplates';
import offers from './offers';
import promoCodes from './promoCodes';
import relatedOffers from './relatedOffers';
import notifications from './notifications';
import asks from './asks';
import statistics from './statistics';
import billing from './billing';
import dashboard from './dashboard';
import tagTerms from './tagTerms';

/** react-admin's messages and the app's own (shell, then the resource screens), in one catalogue. */
const messages: TranslationMessages = mergeTranslations(
  framework,
  app,
  resources,
  widgetSettings,
  offerTemplates,
  offers,
  promoCodes,
  relatedOffers,
  notifications,
  asks,
  statistics,
  billing,
  dashboard,
  tagTerms,
);

export default messages;
