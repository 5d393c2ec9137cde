import { formatDuration, PRODUCT_NAME } from '../layout';
import type { LinkMailParams, MailTemplate } from './types';

/** Account deletion: the link opens /delete-account/{token}, where the user confirms. */
export const deleteAccountTemplate: MailTemplate<LinkMailParams> = {
  en: ({ firstName, link, expiresInMinutes }) => ({
    subject: `Confirm the deletion of your ${PRODUCT_NAME} account`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      'We received a request to delete your account. Open the link below to confirm: your account is then deleted for good and you are signed out on every device.',
    ],
    action: { label: 'Confirm the deletion', url: link },
    notes: [
      `The link works once and expires in ${formatDuration(expiresInMinutes, 'en')}.`,
      'If you did not ask for this, ignore this mail: your account stays as it is.',
    ],
    signature: 'Kind regards,',
  }),
  fr: ({ firstName, link, expiresInMinutes }) => ({
    subject: `Confirmez la suppression de votre compte ${PRODUCT_NAME}`,
    greeting: `Bonjour ${firstName},`,
    paragraphs: [
      'Nous avons reçu une demande de suppression de votre compte. Ouvrez le lien ci-dessous pour confirmer : votre compte sera alors définitivement supprimé et vous serez déconnecté de tous vos appareils.',
    ],
    action: { label: 'Confirmer la suppression', url: link },
    notes: [
      `Le lien ne fonctionne qu’une fois et expire dans ${formatDuration(expiresInMinutes, 'fr')}.`,
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre compte reste inchangé.',
    ],
    signature: 'Meilleures salutations,',
  }),
  de: ({ firstName, link, expiresInMinutes }) => ({
    subject: `Bestätigen Sie die Löschung Ihres ${PRODUCT_NAME}-Kontos`,
    greeting: `Hallo ${firstName}`,
    paragraphs: [
      'Wir haben eine Anfrage erhalten, Ihr Konto zu löschen. Öffnen Sie den folgenden Link, um zu bestätigen: Ihr Konto wird dann endgültig gelöscht und Sie werden auf allen Geräten abgemeldet.',
    ],
    action: { label: 'Löschung bestätigen', url: link },
    notes: [
      `Der Link funktioniert einmal und läuft in ${formatDuration(expiresInMinutes, 'de')} ab.`,
      'Falls Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Konto bleibt bestehen.',
    ],
    signature: 'Freundliche Grüsse',
  }),
  it: ({ firstName, link, expiresInMinutes }) => ({
    subject: `Confermi l’eliminazione del suo account ${PRODUCT_NAME}`,
    greeting: `Buongiorno ${firstName},`,
    paragraphs: [
      'Abbiamo ricevuto una richiesta di eliminare il suo account. Apra il link qui sotto per confermare: l’account sarà eliminato definitivamente e verrà disconnesso da tutti i dispositivi.',
    ],
    action: { label: 'Conferma l’eliminazione', url: link },
    notes: [
      `Il link funziona una sola volta e scade tra ${formatDuration(expiresInMinutes, 'it')}.`,
      'Se non ha fatto lei questa richiesta, ignori questa e-mail: il suo account resta invariato.',
    ],
    signature: 'Cordiali saluti,',
  }),
};
