import type { MailTemplate } from './types';

/**
 * Notifications by mail (docs/notifications.md "Delivery"): one at once (`notification`, delivery MAIL) or the
 * daily digest of the unread ones (`notificationDigest`, delivery DIGEST). Title and text are the
 * notification's own, already rendered in the recipient's language; each mail says where the choice is
 * changed (Settings). Plain text only: the layout escapes every value.
 */
export interface NotificationMailParams {
  firstName: string;
  /** The notification's title (the subject) and text, in the recipient's language. */
  title: string;
  text: string;
  /** The record in the app. */
  link: string;
  /** `${PUBLIC_URL}/settings`, where mail preferences are changed. */
  settingsLink: string;
}

export interface NotificationDigestItem {
  title: string;
  text: string;
  link: string;
}

export interface NotificationDigestMailParams {
  firstName: string;
  /** The unread ones, oldest first; never empty (no digest is sent without one). */
  items: NotificationDigestItem[];
  /** `${PUBLIC_URL}/notifications`. */
  link: string;
  settingsLink: string;
}

export const notificationTemplate: MailTemplate<NotificationMailParams> = {
  en: ({ firstName, title, text, link, settingsLink }) => ({
    subject: title,
    greeting: `Hello ${firstName},`,
    paragraphs: [title, ...(text ? [text] : [])],
    action: { label: 'Open in the back office', url: link },
    notes: [`You receive this mail because of your notification settings. Change them in Settings: ${settingsLink}`],
    signature: 'Kind regards,',
  }),
  fr: ({ firstName, title, text, link, settingsLink }) => ({
    subject: title,
    greeting: `Bonjour ${firstName},`,
    paragraphs: [title, ...(text ? [text] : [])],
    action: { label: 'Ouvrir dans le back-office', url: link },
    notes: [
      `Vous recevez cet e-mail selon vos préférences de notification. Modifiez-les dans les Paramètres : ${settingsLink}`,
    ],
    signature: 'Meilleures salutations,',
  }),
  de: ({ firstName, title, text, link, settingsLink }) => ({
    subject: title,
    greeting: `Hallo ${firstName}`,
    paragraphs: [title, ...(text ? [text] : [])],
    action: { label: 'Im Backoffice öffnen', url: link },
    notes: [
      `Sie erhalten diese E-Mail gemäss Ihren Benachrichtigungseinstellungen. Ändern Sie sie in den Einstellungen: ${settingsLink}`,
    ],
    signature: 'Freundliche Grüsse',
  }),
  it: ({ firstName, title, text, link, settingsLink }) => ({
    subject: title,
    greeting: `Buongiorno ${firstName},`,
    paragraphs: [title, ...(text ? [text] : [])],
    action: { label: 'Apri nel back office', url: link },
    notes: [
      `Riceve questa e-mail secondo le sue preferenze di notifica. Le modifichi nelle Impostazioni: ${settingsLink}`,
    ],
    signature: 'Cordiali saluti,',
  }),
};

const itemLines = (items: NotificationDigestItem[]) =>
  items.map((item) => `• ${item.title}${item.text ? `\n${item.text}` : ''}\n${item.link}`);

export const notificationDigestTemplate: MailTemplate<NotificationDigestMailParams> = {
  en: ({ firstName, items, link, settingsLink }) => ({
    subject:
      items.length === 1
        ? 'Your daily summary: 1 unread notification'
        : `Your daily summary: ${items.length} unread notifications`,
    greeting: `Hello ${firstName},`,
    paragraphs: ['Here are your unread notifications:', ...itemLines(items)],
    action: { label: 'See all notifications', url: link },
    notes: [`You receive this summary because of your notification settings. Change them in Settings: ${settingsLink}`],
    signature: 'Kind regards,',
  }),
  fr: ({ firstName, items, link, settingsLink }) => ({
    subject:
      items.length === 1
        ? 'Votre résumé du jour : 1 notification non lue'
        : `Votre résumé du jour : ${items.length} notifications non lues`,
    greeting: `Bonjour ${firstName},`,
    paragraphs: ['Voici vos notifications non lues :', ...itemLines(items)],
    action: { label: 'Voir toutes les notifications', url: link },
    notes: [
      `Vous recevez ce résumé selon vos préférences de notification. Modifiez-les dans les Paramètres : ${settingsLink}`,
    ],
    signature: 'Meilleures salutations,',
  }),
  de: ({ firstName, items, link, settingsLink }) => ({
    subject:
      items.length === 1
        ? 'Ihre Tagesübersicht: 1 ungelesene Mitteilung'
        : `Ihre Tagesübersicht: ${items.length} ungelesene Mitteilungen`,
    greeting: `Hallo ${firstName}`,
    paragraphs: ['Hier sind Ihre ungelesenen Mitteilungen:', ...itemLines(items)],
    action: { label: 'Alle Mitteilungen ansehen', url: link },
    notes: [
      `Sie erhalten diese Übersicht gemäss Ihren Benachrichtigungseinstellungen. Ändern Sie sie in den Einstellungen: ${settingsLink}`,
    ],
    signature: 'Freundliche Grüsse',
  }),
  it: ({ firstName, items, link, settingsLink }) => ({
    subject:
      items.length === 1
        ? 'Il suo riepilogo del giorno: 1 notifica non letta'
        : `Il suo riepilogo del giorno: ${items.length} notifiche non lette`,
    greeting: `Buongiorno ${firstName},`,
    paragraphs: ['Ecco le sue notifiche non lette:', ...itemLines(items)],
    action: { label: 'Vedi tutte le notifiche', url: link },
    notes: [
      `Riceve questo riepilogo secondo le sue preferenze di notifica. Le modifichi nelle Impostazioni: ${settingsLink}`,
    ],
    signature: 'Cordiali saluti,',
  }),
};
