import { formatDuration, PRODUCT_NAME } from '../layout';
import type { LinkMailParams, MailTemplate } from './types';

/** Onboarding: an account was created for the user, who signs in through the link and sets a password. */
export const accessLinkTemplate: MailTemplate<LinkMailParams> = {
  en: ({ firstName, link, expiresInMinutes }) => ({
    subject: `Your access to ${PRODUCT_NAME}`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      `An account on ${PRODUCT_NAME} is ready for you. Open the link below to sign in and choose your password.`,
    ],
    action: { label: 'Sign in', url: link },
    notes: [
      `The link works once and expires in ${formatDuration(expiresInMinutes, 'en')}. If it has expired, ask your contact for a new one.`,
    ],
    signature: 'Kind regards,',
  }),
  fr: ({ firstName, link, expiresInMinutes }) => ({
    subject: `Votre accès à ${PRODUCT_NAME}`,
    greeting: `Bonjour ${firstName},`,
    paragraphs: [
      `Un compte ${PRODUCT_NAME} vous attend. Ouvrez le lien ci-dessous pour vous connecter et choisir votre mot de passe.`,
    ],
    action: { label: 'Se connecter', url: link },
    notes: [
      `Le lien ne fonctionne qu’une fois et expire dans ${formatDuration(expiresInMinutes, 'fr')}. S’il a expiré, demandez-en un nouveau à votre contact.`,
    ],
    signature: 'Meilleures salutations,',
  }),
  // Swiss Standard German: "ss", never "ß".
  de: ({ firstName, link, expiresInMinutes }) => ({
    subject: `Ihr Zugang zu ${PRODUCT_NAME}`,
    greeting: `Hallo ${firstName}`,
    paragraphs: [
      `Ein Konto bei ${PRODUCT_NAME} ist für Sie bereit. Öffnen Sie den folgenden Link, um sich anzumelden und Ihr Passwort festzulegen.`,
    ],
    action: { label: 'Anmelden', url: link },
    notes: [
      `Der Link funktioniert einmal und läuft in ${formatDuration(expiresInMinutes, 'de')} ab. Ist er abgelaufen, bitten Sie Ihre Kontaktperson um einen neuen.`,
    ],
    signature: 'Freundliche Grüsse',
  }),
  it: ({ firstName, link, expiresInMinutes }) => ({
    subject: `Il suo accesso a ${PRODUCT_NAME}`,
    greeting: `Buongiorno ${firstName},`,
    paragraphs: [
      `Un account ${PRODUCT_NAME} è pronto per lei. Apra il link qui sotto per accedere e scegliere la sua password.`,
    ],
    action: { label: 'Accedi', url: link },
    notes: [
      `Il link funziona una sola volta e scade tra ${formatDuration(expiresInMinutes, 'it')}. Se è scaduto, ne chieda uno nuovo al suo referente.`,
    ],
    signature: 'Cordiali saluti,',
  }),
};
