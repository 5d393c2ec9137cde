import type { MailTemplate } from './types';

/**
 * Template requests (/request-discount-template): the partner who asked learns the platform's decision.
 * Plain text only: the layout escapes every value, titles and reasons included.
 */
export interface TemplateRequestMailParams {
  /** The recipient's first name. */
  firstName: string;
  /** The template's long title. */
  templateTitle: string;
  /** The decider's reason (a rejection) or note (an approval); null when none was given. */
  reason: string | null;
  /** `${PUBLIC_URL}/request-discount-template`. */
  link: string;
}

/** To the partner who asked: the template is approved and published; offers may use it now. */
export const templateRequestApprovedTemplate: MailTemplate<TemplateRequestMailParams> = {
  en: ({ firstName, templateTitle, reason, link }) => ({
    subject: `Template approved: ${templateTitle}`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      `Your request for the offer template “${templateTitle}” is approved. You can now use it for your offers.`,
      ...(reason ? [`Our note: ${reason}`] : []),
    ],
    action: { label: 'See my requests', url: link },
    notes: [],
    signature: 'Kind regards,',
  }),
  fr: ({ firstName, templateTitle, reason, link }) => ({
    subject: `Modèle approuvé : ${templateTitle}`,
    greeting: `Bonjour ${firstName},`,
    paragraphs: [
      `Votre demande de modèle d’offre « ${templateTitle} » est approuvée. Vous pouvez maintenant l’utiliser pour vos offres.`,
      ...(reason ? [`Notre remarque : ${reason}`] : []),
    ],
    action: { label: 'Voir mes demandes', url: link },
    notes: [],
    signature: 'Meilleures salutations,',
  }),
  // Swiss Standard German: "ss", never "ß".
  de: ({ firstName, templateTitle, reason, link }) => ({
    subject: `Vorlage genehmigt: ${templateTitle}`,
    greeting: `Hallo ${firstName}`,
    paragraphs: [
      `Ihre Anfrage für die Angebotsvorlage «${templateTitle}» ist genehmigt. Sie können sie jetzt für Ihre Angebote verwenden.`,
      ...(reason ? [`Unsere Bemerkung: ${reason}`] : []),
    ],
    action: { label: 'Meine Anfragen ansehen', url: link },
    notes: [],
    signature: 'Freundliche Grüsse',
  }),
  it: ({ firstName, templateTitle, reason, link }) => ({
    subject: `Modello approvato: ${templateTitle}`,
    greeting: `Buongiorno ${firstName},`,
    paragraphs: [
      `La sua richiesta per il modello di offerta «${templateTitle}» è approvata. Ora può usarlo per le sue offerte.`,
      ...(reason ? [`La nostra nota: ${reason}`] : []),
    ],
    action: { label: 'Vedi le mie richieste', url: link },
    notes: [],
    signature: 'Cordiali saluti,',
  }),
};

/** To the partner who asked: the request is declined, with the reason. */
export const templateRequestRejectedTemplate: MailTemplate<TemplateRequestMailParams> = {
  en: ({ firstName, templateTitle, reason, link }) => ({
    subject: `Template request declined: ${templateTitle}`,
    greeting: `Hello ${firstName},`,
    paragraphs: [`Your request for the offer template “${templateTitle}” is declined.`, `Our reason: ${reason ?? '—'}`],
    action: { label: 'See my requests', url: link },
    notes: ['You may send a new request that takes the reason into account.'],
    signature: 'Kind regards,',
  }),
  fr: ({ firstName, templateTitle, reason, link }) => ({
    subject: `Demande de modèle refusée : ${templateTitle}`,
    greeting: `Bonjour ${firstName},`,
    paragraphs: [`Votre demande de modèle d’offre « ${templateTitle} » est refusée.`, `Motif : ${reason ?? '—'}`],
    action: { label: 'Voir mes demandes', url: link },
    notes: ['Vous pouvez envoyer une nouvelle demande qui tient compte de ce motif.'],
    signature: 'Meilleures salutations,',
  }),
  de: ({ firstName, templateTitle, reason, link }) => ({
    subject: `Vorlagenanfrage abgelehnt: ${templateTitle}`,
    greeting: `Hallo ${firstName}`,
    paragraphs: [
      `Ihre Anfrage für die Angebotsvorlage «${templateTitle}» ist abgelehnt.`,
      `Begründung: ${reason ?? '—'}`,
    ],
    action: { label: 'Meine Anfragen ansehen', url: link },
    notes: ['Sie können eine neue Anfrage senden, welche die Begründung berücksichtigt.'],
    signature: 'Freundliche Grüsse',
  }),
  it: ({ firstName, templateTitle, reason, link }) => ({
    subject: `Richiesta di modello respinta: ${templateTitle}`,
    greeting: `Buongiorno ${firstName},`,
    paragraphs: [
      `La sua richiesta per il modello di offerta «${templateTitle}» è respinta.`,
      `Motivo: ${reason ?? '—'}`,
    ],
    action: { label: 'Vedi le mie richieste', url: link },
    notes: ['Può inviare una nuova richiesta che tenga conto del motivo.'],
    signature: 'Cordiali saluti,',
  }),
};
