import type { Language } from '../../../domain/languages';
import { isNotificationKind, type NotificationKind, type NotificationParams } from '../../../domain/notification';
import { isRoleKey, type RoleKey } from '../../../domain/roles';

/**
 * A notification's title and text in the reader's language, from its kind and the facts it recorded
 * (`params`), rendered whenever it is read: a change of language applies to the ones already received. Short
 * and plain (never HTML): the app and the mail layout escape them. Swiss Standard German: "ss", never "ß".
 */

export interface NotificationText {
  title: string;
  text: string;
}

type Renderer<Kind extends NotificationKind> = (params: NotificationParams[Kind]) => NotificationText;
type Texts = { [Kind in NotificationKind]: Renderer<Kind> };

const ROLE_NAMES: Record<Language, Record<RoleKey, string>> = {
  en: {
    ROOT: 'Platform administrator',
    PROMOTER: 'Promoter',
    CUSTOMER: 'Customer',
    ADMIN: 'Venue administrator',
    COORDINATOR: 'Coordinator',
    COORDINATOR_ADMIN_LIMITED: 'Coordinator (limited)',
    COORDINATOR_ADMIN_FULL: 'Coordinator (full)',
  },
  fr: {
    ROOT: 'Administrateur de la plateforme',
    PROMOTER: 'Organisateur',
    CUSTOMER: 'Client',
    ADMIN: 'Administrateur de lieu',
    COORDINATOR: 'Coordinateur',
    COORDINATOR_ADMIN_LIMITED: 'Coordinateur (limité)',
    COORDINATOR_ADMIN_FULL: 'Coordinateur (complet)',
  },
  de: {
    ROOT: 'Plattform-Administrator',
    PROMOTER: 'Veranstalter',
    CUSTOMER: 'Kunde',
    ADMIN: 'Lokal-Administrator',
    COORDINATOR: 'Koordinator',
    COORDINATOR_ADMIN_LIMITED: 'Koordinator (eingeschränkt)',
    COORDINATOR_ADMIN_FULL: 'Koordinator (voll)',
  },
  it: {
    ROOT: 'Amministratore della piattaforma',
    PROMOTER: 'Organizzatore',
    CUSTOMER: 'Cliente',
    ADMIN: 'Amministratore del locale',
    COORDINATOR: 'Coordinatore',
    COORDINATOR_ADMIN_LIMITED: 'Coordinatore (limitato)',
    COORDINATOR_ADMIN_FULL: 'Coordinatore (completo)',
  },
};

const roleName = (language: Language, role: string) => (isRoleKey(role) ? ROLE_NAMES[language][role] : role);

/** ` Reason: …` when a reason was given, nothing otherwise. */
const withReason = (label: string, reason: string | null | undefined) =>
  reason && reason.trim() !== '' ? ` ${label} ${reason.trim()}` : '';

const en: Texts = {
  ASK_AWAITING: ({ askKind, title, requesterName }) => ({
    title: askKind === 'EVENT_REQUEST' ? 'Event request awaits your decision' : 'Template request awaits your decision',
    text: `“${title}”${requesterName ? `, requested by ${requesterName}` : ''}.`,
  }),
  EVENT_REQUEST_APPROVED: ({ title, venueName }) => ({
    title: 'Event request approved',
    text: `“${title}” was approved${venueName ? ` by ${venueName}` : ''}.`,
  }),
  EVENT_REQUEST_REJECTED: ({ title, venueName, reason }) => ({
    title: 'Event request rejected',
    text: `“${title}” was rejected${venueName ? ` by ${venueName}` : ''}.${withReason('Reason:', reason)}`,
  }),
  TEMPLATE_REQUEST_APPROVED: ({ title }) => ({
    title: 'Template request approved',
    text: `The offer template “${title}” was approved.`,
  }),
  TEMPLATE_REQUEST_REJECTED: ({ title, reason }) => ({
    title: 'Template request rejected',
    text: `The offer template “${title}” was rejected.${withReason('Reason:', reason)}`,
  }),
  EVENT_PUBLISHED_AT_VENUE: ({ title, promoterGroupName }) => ({
    title: 'Event published at your venue',
    text: `“${title}” was published${promoterGroupName ? ` by ${promoterGroupName}` : ''}.`,
  }),
  OFFER_NEARLY_SOLD_OUT: ({ title, spotsLeft, spots }) => ({
    title: 'Offer nearly sold out',
    text: `“${title}”: ${spotsLeft} of ${spots} spots left.`,
  }),
  OFFER_SOLD_OUT: ({ title, spots }) => ({
    title: 'Offer sold out',
    text: `“${title}”: all ${spots} spots are taken.`,
  }),
  PASSWORD_CHANGED: ({ how }) => ({
    title: how === 'RESET' ? 'Your password was reset' : 'Your password was changed',
    text: 'If this was not you, reset your password at once and contact us.',
  }),
  ACCESS_LINK_SENT: () => ({
    title: 'Access link sent',
    text: 'A link to set your password was mailed to you.',
  }),
  ACCOUNT_ACCESS_CHANGED: ({ roleKey, establishmentName, promoterGroupName }) => ({
    title: 'Your access changed',
    text: `Your role is now ${roleName('en', roleKey)}${scopeOf('en', establishmentName, promoterGroupName)}.`,
  }),
};

const fr: Texts = {
  ASK_AWAITING: ({ askKind, title, requesterName }) => ({
    title:
      askKind === 'EVENT_REQUEST'
        ? 'Une demande d’événement attend votre décision'
        : 'Une demande de modèle attend votre décision',
    text: `« ${title} »${requesterName ? `, demandé par ${requesterName}` : ''}.`,
  }),
  EVENT_REQUEST_APPROVED: ({ title, venueName }) => ({
    title: 'Demande d’événement approuvée',
    text: `« ${title} » a été approuvé${venueName ? ` par ${venueName}` : ''}.`,
  }),
  EVENT_REQUEST_REJECTED: ({ title, venueName, reason }) => ({
    title: 'Demande d’événement refusée',
    text: `« ${title} » a été refusé${venueName ? ` par ${venueName}` : ''}.${withReason('Motif :', reason)}`,
  }),
  TEMPLATE_REQUEST_APPROVED: ({ title }) => ({
    title: 'Demande de modèle approuvée',
    text: `Le modèle d’offre « ${title} » a été approuvé.`,
  }),
  TEMPLATE_REQUEST_REJECTED: ({ title, reason }) => ({
    title: 'Demande de modèle refusée',
    text: `Le modèle d’offre « ${title} » a été refusé.${withReason('Motif :', reason)}`,
  }),
  EVENT_PUBLISHED_AT_VENUE: ({ title, promoterGroupName }) => ({
    title: 'Événement publié dans votre lieu',
    text: `« ${title} » a été publié${promoterGroupName ? ` par ${promoterGroupName}` : ''}.`,
  }),
  OFFER_NEARLY_SOLD_OUT: ({ title, spotsLeft, spots }) => ({
    title: 'Offre presque épuisée',
    text: `« ${title} » : ${spotsLeft} places sur ${spots} restantes.`,
  }),
  OFFER_SOLD_OUT: ({ title, spots }) => ({
    title: 'Offre épuisée',
    text: `« ${title} » : les ${spots} places sont prises.`,
  }),
  PASSWORD_CHANGED: ({ how }) => ({
    title: how === 'RESET' ? 'Votre mot de passe a été réinitialisé' : 'Votre mot de passe a été modifié',
    text: 'Si ce n’était pas vous, réinitialisez votre mot de passe sans attendre et contactez-nous.',
  }),
  ACCESS_LINK_SENT: () => ({
    title: 'Lien d’accès envoyé',
    text: 'Un lien pour définir votre mot de passe vous a été envoyé par e-mail.',
  }),
  ACCOUNT_ACCESS_CHANGED: ({ roleKey, establishmentName, promoterGroupName }) => ({
    title: 'Vos accès ont changé',
    text: `Votre rôle est désormais ${roleName('fr', roleKey)}${scopeOf('fr', establishmentName, promoterGroupName)}.`,
  }),
};

const de: Texts = {
  ASK_AWAITING: ({ askKind, title, requesterName }) => ({
    title:
      askKind === 'EVENT_REQUEST'
        ? 'Eine Veranstaltungsanfrage wartet auf Ihren Entscheid'
        : 'Eine Vorlagenanfrage wartet auf Ihren Entscheid',
    text: `«${title}»${requesterName ? `, angefragt von ${requesterName}` : ''}.`,
  }),
  EVENT_REQUEST_APPROVED: ({ title, venueName }) => ({
    title: 'Veranstaltungsanfrage genehmigt',
    text: `«${title}» wurde${venueName ? ` von ${venueName}` : ''} genehmigt.`,
  }),
  EVENT_REQUEST_REJECTED: ({ title, venueName, reason }) => ({
    title: 'Veranstaltungsanfrage abgelehnt',
    text: `«${title}» wurde${venueName ? ` von ${venueName}` : ''} abgelehnt.${withReason('Begründung:', reason)}`,
  }),
  TEMPLATE_REQUEST_APPROVED: ({ title }) => ({
    title: 'Vorlagenanfrage genehmigt',
    text: `Die Angebotsvorlage «${title}» wurde genehmigt.`,
  }),
  TEMPLATE_REQUEST_REJECTED: ({ title, reason }) => ({
    title: 'Vorlagenanfrage abgelehnt',
    text: `Die Angebotsvorlage «${title}» wurde abgelehnt.${withReason('Begründung:', reason)}`,
  }),
  EVENT_PUBLISHED_AT_VENUE: ({ title, promoterGroupName }) => ({
    title: 'Veranstaltung in Ihrem Lokal veröffentlicht',
    text: `«${title}» wurde${promoterGroupName ? ` von ${promoterGroupName}` : ''} veröffentlicht.`,
  }),
  OFFER_NEARLY_SOLD_OUT: ({ title, spotsLeft, spots }) => ({
    title: 'Angebot fast ausgebucht',
    text: `«${title}»: noch ${spotsLeft} von ${spots} Plätzen frei.`,
  }),
  OFFER_SOLD_OUT: ({ title, spots }) => ({
    title: 'Angebot ausgebucht',
    text: `«${title}»: alle ${spots} Plätze sind vergeben.`,
  }),
  PASSWORD_CHANGED: ({ how }) => ({
    title: how === 'RESET' ? 'Ihr Passwort wurde zurückgesetzt' : 'Ihr Passwort wurde geändert',
    text: 'Falls Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und kontaktieren Sie uns.',
  }),
  ACCESS_LINK_SENT: () => ({
    title: 'Zugangslink gesendet',
    text: 'Ein Link zum Festlegen Ihres Passworts wurde Ihnen per E-Mail gesendet.',
  }),
  ACCOUNT_ACCESS_CHANGED: ({ roleKey, establishmentName, promoterGroupName }) => ({
    title: 'Ihr Zugang wurde geändert',
    text: `Ihre Rolle ist jetzt ${roleName('de', roleKey)}${scopeOf('de', establishmentName, promoterGroupName)}.`,
  }),
};

const it: Texts = {
  ASK_AWAITING: ({ askKind, title, requesterName }) => ({
    title:
      askKind === 'EVENT_REQUEST'
        ? 'Una richiesta di evento attende la sua decisione'
        : 'Una richiesta di modello attende la sua decisione',
    text: `«${title}»${requesterName ? `, richiesto da ${requesterName}` : ''}.`,
  }),
  EVENT_REQUEST_APPROVED: ({ title, venueName }) => ({
    title: 'Richiesta di evento approvata',
    text: `«${title}» è stato approvato${venueName ? ` da ${venueName}` : ''}.`,
  }),
  EVENT_REQUEST_REJECTED: ({ title, venueName, reason }) => ({
    title: 'Richiesta di evento respinta',
    text: `«${title}» è stato respinto${venueName ? ` da ${venueName}` : ''}.${withReason('Motivo:', reason)}`,
  }),
  TEMPLATE_REQUEST_APPROVED: ({ title }) => ({
    title: 'Richiesta di modello approvata',
    text: `Il modello di offerta «${title}» è stato approvato.`,
  }),
  TEMPLATE_REQUEST_REJECTED: ({ title, reason }) => ({
    title: 'Richiesta di modello respinta',
    text: `Il modello di offerta «${title}» è stato respinto.${withReason('Motivo:', reason)}`,
  }),
  EVENT_PUBLISHED_AT_VENUE: ({ title, promoterGroupName }) => ({
    title: 'Evento pubblicato nel suo locale',
    text: `«${title}» è stato pubblicato${promoterGroupName ? ` da ${promoterGroupName}` : ''}.`,
  }),
  OFFER_NEARLY_SOLD_OUT: ({ title, spotsLeft, spots }) => ({
    title: 'Offerta quasi esaurita',
    text: `«${title}»: restano ${spotsLeft} posti su ${spots}.`,
  }),
  OFFER_SOLD_OUT: ({ title, spots }) => ({
    title: 'Offerta esaurita',
    text: `«${title}»: tutti i ${spots} posti sono occupati.`,
  }),
  PASSWORD_CHANGED: ({ how }) => ({
    title: how === 'RESET' ? 'La sua password è stata reimpostata' : 'La sua password è stata modificata',
    text: 'Se non è stato lei, reimposti subito la password e ci contatti.',
  }),
  ACCESS_LINK_SENT: () => ({
    title: 'Link di accesso inviato',
    text: 'Le è stato inviato per e-mail un link per impostare la sua password.',
  }),
  ACCOUNT_ACCESS_CHANGED: ({ roleKey, establishmentName, promoterGroupName }) => ({
    title: 'Il suo accesso è cambiato',
    text: `Il suo ruolo è ora ${roleName('it', roleKey)}${scopeOf('it', establishmentName, promoterGroupName)}.`,
  }),
};

const SCOPE_WORDS: Record<Language, { at: string; with: string }> = {
  en: { at: 'at', with: 'with' },
  fr: { at: 'à', with: 'avec' },
  de: { at: 'bei', with: 'bei' },
  it: { at: 'presso', with: 'con' },
};

function scopeOf(language: Language, establishmentName: string | null, promoterGroupName: string | null): string {
  if (establishmentName) return ` ${SCOPE_WORDS[language].at} ${establishmentName}`;
  if (promoterGroupName) return ` ${SCOPE_WORDS[language].with} ${promoterGroupName}`;
  return '';
}

const TEXTS: Record<Language, Texts> = { en, fr, de, it };

/** What a notification whose kind or facts the renderer does not know says (a row older than its kind). */
const FALLBACK: Record<Language, NotificationText> = {
  en: { title: 'Notification', text: '' },
  fr: { title: 'Notification', text: '' },
  de: { title: 'Mitteilung', text: '' },
  it: { title: 'Notifica', text: '' },
};

/** The title and text of a stored notification in `language`; never throws on odd stored params. */
export function renderNotification(kind: string, params: unknown, language: Language): NotificationText {
  if (!isNotificationKind(kind)) return FALLBACK[language];
  const facts = (typeof params === 'object' && params !== null ? params : {}) as never;
  try {
    return (TEXTS[language][kind] as Renderer<NotificationKind>)(facts);
  } catch {
    return FALLBACK[language];
  }
}
