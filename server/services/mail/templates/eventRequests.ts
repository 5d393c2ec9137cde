import type { Language } from '../../../../domain/languages';
import { EVENT_TIME_ZONE } from '../../../../domain/recurrence';
import type { MailContent } from '../layout';
import type { MailTemplate } from './types';

/**
 * Promoter requests (the `requestEvent` save action): the venue's staff learn that a request waits, and the
 * promoter who asked learns the venue's decision. Plain text only: the layout escapes every value,
 * titles and reasons included.
 */
export interface EventRequestMailParams {
  /** The recipient's first name. */
  firstName: string;
  eventTitle: string;
  venueName: string;
  /** The requesting promoter group (null when the request names none). */
  promoterGroupName: string | null;
  /** The first occurrence's start, an ISO instant; written in the recipient's language, Zürich time. */
  firstStartsAt: string;
  /** The venue's reason (a rejection) or note (an approval); null when none was given. */
  reason: string | null;
  /** `${PUBLIC_URL}/events/<id>`. */
  link: string;
}

/** "Samstag, 28. November 2026 um 22:00": the date as the recipient reads dates, in Zürich time. */
export function formatEventStart(instant: string, language: Language): string {
  return new Intl.DateTimeFormat(`${language}-CH`, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: EVENT_TIME_ZONE,
  }).format(new Date(instant));
}

type Words = (params: EventRequestMailParams, date: string) => MailContent;

/** Each language's words get the start already formatted in that language. */
const withDate = (words: Record<Language, Words>): MailTemplate<EventRequestMailParams> => ({
  en: (params) => words.en(params, formatEventStart(params.firstStartsAt, 'en')),
  fr: (params) => words.fr(params, formatEventStart(params.firstStartsAt, 'fr')),
  de: (params) => words.de(params, formatEventStart(params.firstStartsAt, 'de')),
  it: (params) => words.it(params, formatEventStart(params.firstStartsAt, 'it')),
});

/** To the venue's staff: a promoter asks to hold an event at their venue. */
export const eventRequestedTemplate = withDate({
  en: ({ firstName, eventTitle, venueName, promoterGroupName, link }, date) => ({
    subject: `Event request: ${eventTitle} at ${venueName}`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      `${promoterGroupName ?? 'A promoter'} asks to hold “${eventTitle}” at ${venueName}, first on ${date}.`,
      'The request waits for your decision: approve it to publish the event, or reject it with a reason for the promoter.',
    ],
    action: { label: 'Review the request', url: link },
    notes: [],
    signature: 'Kind regards,',
  }),
  fr: ({ firstName, eventTitle, venueName, promoterGroupName, link }, date) => ({
    subject: `Demande d’événement : ${eventTitle} à ${venueName}`,
    greeting: `Bonjour ${firstName},`,
    paragraphs: [
      `${promoterGroupName ?? 'Un organisateur'} demande à organiser « ${eventTitle} » à ${venueName}, pour la première fois le ${date}.`,
      'La demande attend votre décision : approuvez-la pour publier l’événement, ou refusez-la en indiquant un motif à l’organisateur.',
    ],
    action: { label: 'Examiner la demande', url: link },
    notes: [],
    signature: 'Meilleures salutations,',
  }),
  // Swiss Standard German: "ss", never "ß".
  de: ({ firstName, eventTitle, venueName, promoterGroupName, link }, date) => ({
    subject: `Event-Anfrage: ${eventTitle} im ${venueName}`,
    greeting: `Hallo ${firstName}`,
    paragraphs: [
      `${promoterGroupName ?? 'Ein Veranstalter'} möchte «${eventTitle}» im ${venueName} durchführen, erstmals am ${date}.`,
      'Die Anfrage wartet auf Ihren Entscheid: Genehmigen Sie sie, um den Event zu veröffentlichen, oder lehnen Sie sie mit einer Begründung für den Veranstalter ab.',
    ],
    action: { label: 'Anfrage prüfen', url: link },
    notes: [],
    signature: 'Freundliche Grüsse',
  }),
  it: ({ firstName, eventTitle, venueName, promoterGroupName, link }, date) => ({
    subject: `Richiesta di evento: ${eventTitle} al ${venueName}`,
    greeting: `Buongiorno ${firstName},`,
    paragraphs: [
      `${promoterGroupName ?? 'Un organizzatore'} chiede di tenere «${eventTitle}» al ${venueName}, la prima volta ${date}.`,
      'La richiesta attende la sua decisione: la approvi per pubblicare l’evento, oppure la respinga indicando un motivo all’organizzatore.',
    ],
    action: { label: 'Esamina la richiesta', url: link },
    notes: [],
    signature: 'Cordiali saluti,',
  }),
});

/** To the promoter who asked: the venue approved; the event is published. */
export const eventRequestApprovedTemplate = withDate({
  en: ({ firstName, eventTitle, venueName, reason, link }, date) => ({
    subject: `Request approved: ${eventTitle}`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      `${venueName} approved your request “${eventTitle}” (first date: ${date}). The event is now published.`,
      ...(reason ? [`Their note: ${reason}`] : []),
    ],
    action: { label: 'Open the event', url: link },
    notes: [],
    signature: 'Kind regards,',
  }),
  fr: ({ firstName, eventTitle, venueName, reason, link }, date) => ({
    subject: `Demande approuvée : ${eventTitle}`,
    greeting: `Bonjour ${firstName},`,
    paragraphs: [
      `${venueName} a approuvé votre demande « ${eventTitle} » (première date : ${date}). L’événement est maintenant publié.`,
      ...(reason ? [`Sa remarque : ${reason}`] : []),
    ],
    action: { label: 'Ouvrir l’événement', url: link },
    notes: [],
    signature: 'Meilleures salutations,',
  }),
  de: ({ firstName, eventTitle, venueName, reason, link }, date) => ({
    subject: `Anfrage genehmigt: ${eventTitle}`,
    greeting: `Hallo ${firstName}`,
    paragraphs: [
      `${venueName} hat Ihre Anfrage «${eventTitle}» (erster Termin: ${date}) genehmigt. Der Event ist jetzt veröffentlicht.`,
      ...(reason ? [`Bemerkung: ${reason}`] : []),
    ],
    action: { label: 'Event öffnen', url: link },
    notes: [],
    signature: 'Freundliche Grüsse',
  }),
  it: ({ firstName, eventTitle, venueName, reason, link }, date) => ({
    subject: `Richiesta approvata: ${eventTitle}`,
    greeting: `Buongiorno ${firstName},`,
    paragraphs: [
      `${venueName} ha approvato la sua richiesta «${eventTitle}» (prima data: ${date}). L’evento è ora pubblicato.`,
      ...(reason ? [`La sua nota: ${reason}`] : []),
    ],
    action: { label: 'Apri l’evento', url: link },
    notes: [],
    signature: 'Cordiali saluti,',
  }),
});

/** To the promoter who asked: the venue rejected, with its reason; the event stays a draft. */
export const eventRequestRejectedTemplate = withDate({
  en: ({ firstName, eventTitle, venueName, reason, link }, date) => ({
    subject: `Request declined: ${eventTitle}`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      `${venueName} declined your request “${eventTitle}” (first date: ${date}). The event stays a draft.`,
      `Their reason: ${reason ?? '—'}`,
    ],
    action: { label: 'Open the request', url: link },
    notes: ['You may change the request and send it again.'],
    signature: 'Kind regards,',
  }),
  fr: ({ firstName, eventTitle, venueName, reason, link }, date) => ({
    subject: `Demande refusée : ${eventTitle}`,
    greeting: `Bonjour ${firstName},`,
    paragraphs: [
      `${venueName} a refusé votre demande « ${eventTitle} » (première date : ${date}). L’événement reste un brouillon.`,
      `Motif : ${reason ?? '—'}`,
    ],
    action: { label: 'Ouvrir la demande', url: link },
    notes: ['Vous pouvez modifier la demande et l’envoyer à nouveau.'],
    signature: 'Meilleures salutations,',
  }),
  de: ({ firstName, eventTitle, venueName, reason, link }, date) => ({
    subject: `Anfrage abgelehnt: ${eventTitle}`,
    greeting: `Hallo ${firstName}`,
    paragraphs: [
      `${venueName} hat Ihre Anfrage «${eventTitle}» (erster Termin: ${date}) abgelehnt. Der Event bleibt ein Entwurf.`,
      `Begründung: ${reason ?? '—'}`,
    ],
    action: { label: 'Anfrage öffnen', url: link },
    notes: ['Sie können die Anfrage anpassen und erneut senden.'],
    signature: 'Freundliche Grüsse',
  }),
  it: ({ firstName, eventTitle, venueName, reason, link }, date) => ({
    subject: `Richiesta respinta: ${eventTitle}`,
    greeting: `Buongiorno ${firstName},`,
    paragraphs: [
      `${venueName} ha respinto la sua richiesta «${eventTitle}» (prima data: ${date}). L’evento resta una bozza.`,
      `Motivo: ${reason ?? '—'}`,
    ],
    action: { label: 'Apri la richiesta', url: link },
    notes: ['Può modificare la richiesta e inviarla di nuovo.'],
    signature: 'Cordiali saluti,',
  }),
});
