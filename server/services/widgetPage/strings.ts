import type { Language } from '../../../domain/languages';

/**
 * The widget page's own words in the four languages. The page is rendered on the server for visitors of a
 * venue's site, outside the app, so its strings live here rather than in the app's catalogues (src/i18n).
 */
export interface WidgetStrings {
  upcoming: string;
  noOccurrences: string;
  noOccurrencesFiltered: string;
  free: string;
  minimumAge: (age: number) => string;
  tickets: string;
  addToCalendar: string;
  website: string;
  list: string;
  calendar: string;
  views: string;
  happyHours: string;
  /** The happy hours' title when the venue kept the default ("Default"). */
  previousPage: string;
  nextPage: string;
  pageOf: (page: number, pages: number) => string;
  previousMonth: string;
  nextMonth: string;
  occurrencesOnDay: (count: number) => string;
  music: string;
  poweredBy: string;
  notFoundTitle: string;
  notFoundText: string;
  badRequestTitle: string;
  badRequestText: (parameter: string) => string;
  tooManyTitle: string;
  tooManyText: string;
  eventsAt: (venue: string) => string;
  opensInNewTab: string;
  /** The offers under an occurrence: label of their list, spots, validity. */
  offers: string;
  spotsLeft: (count: number, formatted: string) => string;
  soldOut: string;
  offerValid: (from: string, to: string) => string;
  offerEveryDate: string;
}

const en: WidgetStrings = {
  upcoming: 'Upcoming events',
  noOccurrences: 'No events planned in the coming weeks.',
  noOccurrencesFiltered: 'No events match this selection in the coming weeks.',
  free: 'Free',
  minimumAge: (age) => `From ${age}`,
  tickets: 'Tickets',
  addToCalendar: 'Add to calendar',
  website: 'Website',
  list: 'List',
  calendar: 'Calendar',
  views: 'Views',
  happyHours: 'Happy hours',
  previousPage: 'Earlier events',
  nextPage: 'Later events',
  pageOf: (page, pages) => `Page ${page} of ${pages}`,
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  occurrencesOnDay: (count) => (count === 1 ? '1 event' : `${count} events`),
  music: 'Music',
  poweredBy: 'Event listing by',
  notFoundTitle: 'Not found',
  notFoundText: 'There is nothing to show at this address.',
  badRequestTitle: 'Invalid address',
  badRequestText: (parameter) => `The parameter “${parameter}” of this address has a value that cannot be used.`,
  tooManyTitle: 'Too many requests',
  tooManyText: 'This address was asked for too often in a short time. Please try again in a minute.',
  eventsAt: (venue) => `Events at ${venue}`,
  opensInNewTab: '(opens in a new tab)',
  offers: 'Offers',
  spotsLeft: (count, formatted) => (count === 1 ? '1 spot left' : `${formatted} spots left`),
  soldOut: 'Sold out',
  offerValid: (from, to) => `Valid ${from} – ${to}`,
  offerEveryDate: 'Valid at every date',
};

const fr: WidgetStrings = {
  upcoming: 'Événements à venir',
  noOccurrences: 'Aucun événement prévu ces prochaines semaines.',
  noOccurrencesFiltered: 'Aucun événement ne correspond à cette sélection ces prochaines semaines.',
  free: 'Gratuit',
  minimumAge: (age) => `Dès ${age} ans`,
  tickets: 'Billets',
  addToCalendar: 'Ajouter au calendrier',
  website: 'Site web',
  list: 'Liste',
  calendar: 'Calendrier',
  views: 'Vues',
  happyHours: 'Happy hours',
  previousPage: 'Événements précédents',
  nextPage: 'Événements suivants',
  pageOf: (page, pages) => `Page ${page} sur ${pages}`,
  previousMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  occurrencesOnDay: (count) => (count === 1 ? '1 événement' : `${count} événements`),
  music: 'Musique',
  poweredBy: 'Agenda proposé par',
  notFoundTitle: 'Introuvable',
  notFoundText: 'Il n’y a rien à afficher à cette adresse.',
  badRequestTitle: 'Adresse invalide',
  badRequestText: (parameter) => `Le paramètre « ${parameter} » de cette adresse a une valeur inutilisable.`,
  tooManyTitle: 'Trop de requêtes',
  tooManyText: 'Cette adresse a été demandée trop souvent en peu de temps. Veuillez réessayer dans une minute.',
  eventsAt: (venue) => `Événements – ${venue}`,
  opensInNewTab: '(s’ouvre dans un nouvel onglet)',
  offers: 'Offres',
  spotsLeft: (count, formatted) => (count === 1 ? '1 place restante' : `${formatted} places restantes`),
  soldOut: 'Complet',
  offerValid: (from, to) => `Valable ${from} – ${to}`,
  offerEveryDate: 'Valable à chaque date',
};

const de: WidgetStrings = {
  upcoming: 'Kommende Veranstaltungen',
  noOccurrences: 'In den nächsten Wochen sind keine Veranstaltungen geplant.',
  noOccurrencesFiltered: 'In den nächsten Wochen passen keine Veranstaltungen zu dieser Auswahl.',
  free: 'Gratis',
  minimumAge: (age) => `Ab ${age} Jahren`,
  tickets: 'Tickets',
  addToCalendar: 'Zum Kalender hinzufügen',
  website: 'Website',
  list: 'Liste',
  calendar: 'Kalender',
  views: 'Ansichten',
  happyHours: 'Happy Hours',
  previousPage: 'Frühere Veranstaltungen',
  nextPage: 'Spätere Veranstaltungen',
  pageOf: (page, pages) => `Seite ${page} von ${pages}`,
  previousMonth: 'Vorheriger Monat',
  nextMonth: 'Nächster Monat',
  occurrencesOnDay: (count) => (count === 1 ? '1 Veranstaltung' : `${count} Veranstaltungen`),
  music: 'Musik',
  poweredBy: 'Veranstaltungskalender von',
  notFoundTitle: 'Nicht gefunden',
  notFoundText: 'Unter dieser Adresse gibt es nichts anzuzeigen.',
  badRequestTitle: 'Ungültige Adresse',
  badRequestText: (parameter) => `Der Parameter «${parameter}» dieser Adresse hat einen unbrauchbaren Wert.`,
  tooManyTitle: 'Zu viele Anfragen',
  tooManyText: 'Diese Adresse wurde in kurzer Zeit zu oft abgerufen. Bitte versuchen Sie es in einer Minute erneut.',
  eventsAt: (venue) => `Veranstaltungen – ${venue}`,
  opensInNewTab: '(öffnet in einem neuen Tab)',
  offers: 'Angebote',
  spotsLeft: (count, formatted) => (count === 1 ? 'Noch 1 Platz frei' : `Noch ${formatted} Plätze frei`),
  soldOut: 'Ausgebucht',
  offerValid: (from, to) => `Gültig ${from} – ${to}`,
  offerEveryDate: 'Gilt an jedem Termin',
};

const it: WidgetStrings = {
  upcoming: 'Prossimi eventi',
  noOccurrences: 'Nessun evento previsto nelle prossime settimane.',
  noOccurrencesFiltered: 'Nessun evento corrisponde a questa selezione nelle prossime settimane.',
  free: 'Gratuito',
  minimumAge: (age) => `Dai ${age} anni`,
  tickets: 'Biglietti',
  addToCalendar: 'Aggiungi al calendario',
  website: 'Sito web',
  list: 'Elenco',
  calendar: 'Calendario',
  views: 'Viste',
  happyHours: 'Happy hour',
  previousPage: 'Eventi precedenti',
  nextPage: 'Eventi successivi',
  pageOf: (page, pages) => `Pagina ${page} di ${pages}`,
  previousMonth: 'Mese precedente',
  nextMonth: 'Mese successivo',
  occurrencesOnDay: (count) => (count === 1 ? '1 evento' : `${count} eventi`),
  music: 'Musica',
  poweredBy: 'Agenda fornita da',
  notFoundTitle: 'Non trovato',
  notFoundText: 'A questo indirizzo non c’è nulla da mostrare.',
  badRequestTitle: 'Indirizzo non valido',
  badRequestText: (parameter) => `Il parametro «${parameter}» di questo indirizzo ha un valore non utilizzabile.`,
  tooManyTitle: 'Troppe richieste',
  tooManyText: 'Questo indirizzo è stato richiesto troppe volte in poco tempo. Riprovi tra un minuto.',
  eventsAt: (venue) => `Eventi – ${venue}`,
  opensInNewTab: '(si apre in una nuova scheda)',
  offers: 'Offerte',
  spotsLeft: (count, formatted) => (count === 1 ? '1 posto disponibile' : `${formatted} posti disponibili`),
  soldOut: 'Esaurita',
  offerValid: (from, to) => `Valida ${from} – ${to}`,
  offerEveryDate: 'Valida a ogni data',
};

export const WIDGET_STRINGS: Record<Language, WidgetStrings> = { en, fr, de, it };

/** The locale of Intl's formatting: Swiss conventions in each language (24-hour clock, CHF). */
export const WIDGET_LOCALES: Record<Language, string> = { en: 'en-CH', fr: 'fr-CH', de: 'de-CH', it: 'it-CH' };
