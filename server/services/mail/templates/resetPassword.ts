import { formatDuration, PRODUCT_NAME } from '../layout';
import type { LinkMailParams, MailTemplate } from './types';

/** Forgot password: the link opens /reset-password/{token}. */
export const resetPasswordTemplate: MailTemplate<LinkMailParams> = {
  en: ({ firstName, link, expiresInMinutes }) => ({
    subject: `Reset your ${PRODUCT_NAME} password`,
    greeting: `Hello ${firstName},`,
    paragraphs: ['We received a request to reset your password. Open the link below to choose a new one.'],
    action: { label: 'Choose a new password', url: link },
    notes: [
      `The link works once and expires in ${formatDuration(expiresInMinutes, 'en')}. Setting a new password signs you out on every device.`,
      'If you did not ask for this, ignore this mail: your password stays unchanged.',
    ],
    signature: 'Kind regards,',
  }),
  fr: ({ firstName, link, expiresInMinutes }) => ({
    subject: `Réinitialisez votre mot de passe ${PRODUCT_NAME}`,
    greeting: `Bonjour ${firstName},`,
    paragraphs: [
      'Nous avons reçu une demande de réinitialisation de votre mot de passe. Ouvrez le lien ci-dessous pour en choisir un nouveau.',
    ],
    action: { label: 'Choisir un nouveau mot de passe', url: link },
    notes: [
      `Le lien ne fonctionne qu’une fois et expire dans ${formatDuration(expiresInMinutes, 'fr')}. Un nouveau mot de passe vous déconnecte de tous vos appareils.`,
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
    ],
    signature: 'Meilleures salutations,',
  }),
  de: ({ firstName, link, expiresInMinutes }) => ({
    subject: `Setzen Sie Ihr ${PRODUCT_NAME}-Passwort zurück`,
    greeting: `Hallo ${firstName}`,
    paragraphs: [
      'Wir haben eine Anfrage erhalten, Ihr Passwort zurückzusetzen. Öffnen Sie den folgenden Link, um ein neues zu wählen.',
    ],
    action: { label: 'Neues Passwort wählen', url: link },
    notes: [
      `Der Link funktioniert einmal und läuft in ${formatDuration(expiresInMinutes, 'de')} ab. Ein neues Passwort meldet Sie auf allen Geräten ab.`,
      'Falls Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    ],
    signature: 'Freundliche Grüsse',
  }),
  it: ({ firstName, link, expiresInMinutes }) => ({
    subject: `Reimposti la sua password ${PRODUCT_NAME}`,
    greeting: `Buongiorno ${firstName},`,
    paragraphs: [
      'Abbiamo ricevuto una richiesta di reimpostare la sua password. Apra il link qui sotto per sceglierne una nuova.',
    ],
    action: { label: 'Scegli una nuova password', url: link },
    notes: [
      `Il link funziona una sola volta e scade tra ${formatDuration(expiresInMinutes, 'it')}. Una nuova password la disconnette da tutti i dispositivi.`,
      'Se non ha fatto lei questa richiesta, ignori questa e-mail: la sua password resta invariata.',
    ],
    signature: 'Cordiali saluti,',
  }),
};
