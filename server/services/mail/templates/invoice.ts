import { formatChf, formatInvoiceDate } from '../../billing/format';
import type { MailTemplate } from './types';

/**
 * Billing mails (docs/billing.md): a new invoice (`invoice`) and the reminder of an overdue one
 * (`invoiceReminder`), both sent to the subscription's invoice address with the invoice's PDF attached (its
 * QR-bill pays it). Amounts and dates in the invoice's language, as on the PDF.
 */
export interface InvoiceMailParams {
  invoiceNumber: string;
  totalCentimes: number;
  /** `YYYY-MM-DD`. */
  dueOn: string;
  /** The establishment or promoter group billed. */
  partnerName: string;
  /** `${PUBLIC_URL}/billing`, where the partner's users see their invoices. */
  billingUrl: string;
}

export const invoiceTemplate: MailTemplate<InvoiceMailParams> = {
  en: ({ invoiceNumber, totalCentimes, dueOn, partnerName, billingUrl }) => ({
    subject: `Invoice ${invoiceNumber}`,
    greeting: 'Hello,',
    paragraphs: [
      `Please find attached invoice ${invoiceNumber} for ${partnerName}: ${formatChf(totalCentimes, 'en')}, payable by ${formatInvoiceDate(dueOn, 'en')}.`,
      'Pay it with the QR-bill at the bottom of the PDF (scan it in your banking app), with its reference.',
    ],
    action: { label: 'Your invoices', url: billingUrl },
    notes: ['If you have already paid, thank you: please ignore this mail.'],
    signature: 'Kind regards,',
  }),
  fr: ({ invoiceNumber, totalCentimes, dueOn, partnerName, billingUrl }) => ({
    subject: `Facture ${invoiceNumber}`,
    greeting: 'Bonjour,',
    paragraphs: [
      `Veuillez trouver ci-joint la facture ${invoiceNumber} pour ${partnerName} : ${formatChf(totalCentimes, 'fr')}, payable d’ici au ${formatInvoiceDate(dueOn, 'fr')}.`,
      'Payez-la avec la QR-facture au bas du PDF (scannez-la dans votre application bancaire), avec sa référence.',
    ],
    action: { label: 'Vos factures', url: billingUrl },
    notes: ['Si vous avez déjà payé, merci : ignorez simplement cet e-mail.'],
    signature: 'Meilleures salutations,',
  }),
  // Swiss Standard German: "ss", never "ß".
  de: ({ invoiceNumber, totalCentimes, dueOn, partnerName, billingUrl }) => ({
    subject: `Rechnung ${invoiceNumber}`,
    greeting: 'Guten Tag',
    paragraphs: [
      `Im Anhang finden Sie die Rechnung ${invoiceNumber} für ${partnerName}: ${formatChf(totalCentimes, 'de')}, zahlbar bis ${formatInvoiceDate(dueOn, 'de')}.`,
      'Bezahlen Sie sie mit der QR-Rechnung unten im PDF (in Ihrer Banking-App scannen), mit ihrer Referenz.',
    ],
    action: { label: 'Ihre Rechnungen', url: billingUrl },
    notes: ['Haben Sie bereits bezahlt, danken wir Ihnen: Betrachten Sie diese E-Mail als gegenstandslos.'],
    signature: 'Freundliche Grüsse',
  }),
  it: ({ invoiceNumber, totalCentimes, dueOn, partnerName, billingUrl }) => ({
    subject: `Fattura ${invoiceNumber}`,
    greeting: 'Buongiorno,',
    paragraphs: [
      `In allegato trova la fattura ${invoiceNumber} per ${partnerName}: ${formatChf(totalCentimes, 'it')}, pagabile entro il ${formatInvoiceDate(dueOn, 'it')}.`,
      'La paghi con la QR-fattura in fondo al PDF (la scansioni nella sua app bancaria), con il suo riferimento.',
    ],
    action: { label: 'Le sue fatture', url: billingUrl },
    notes: ['Se ha già pagato, la ringraziamo: ignori questa e-mail.'],
    signature: 'Cordiali saluti,',
  }),
};

export const invoiceReminderTemplate: MailTemplate<InvoiceMailParams> = {
  en: ({ invoiceNumber, totalCentimes, dueOn, partnerName, billingUrl }) => ({
    subject: `Reminder: invoice ${invoiceNumber}`,
    greeting: 'Hello,',
    paragraphs: [
      `Invoice ${invoiceNumber} for ${partnerName} (${formatChf(totalCentimes, 'en')}) was due on ${formatInvoiceDate(dueOn, 'en')} and we have not received its payment yet.`,
      'Please pay it now with the QR-bill of the attached PDF. The features of your plan stay available only while no invoice is overdue.',
    ],
    action: { label: 'Your invoices', url: billingUrl },
    notes: ['If your payment crossed this mail, thank you: please ignore it.'],
    signature: 'Kind regards,',
  }),
  fr: ({ invoiceNumber, totalCentimes, dueOn, partnerName, billingUrl }) => ({
    subject: `Rappel : facture ${invoiceNumber}`,
    greeting: 'Bonjour,',
    paragraphs: [
      `La facture ${invoiceNumber} pour ${partnerName} (${formatChf(totalCentimes, 'fr')}) était payable au ${formatInvoiceDate(dueOn, 'fr')} et nous n’en avons pas encore reçu le paiement.`,
      'Merci de la payer maintenant avec la QR-facture du PDF ci-joint. Les fonctions de votre abonnement ne restent disponibles que tant qu’aucune facture n’est échue.',
    ],
    action: { label: 'Vos factures', url: billingUrl },
    notes: ['Si votre paiement a croisé cet e-mail, merci : ignorez-le.'],
    signature: 'Meilleures salutations,',
  }),
  de: ({ invoiceNumber, totalCentimes, dueOn, partnerName, billingUrl }) => ({
    subject: `Zahlungserinnerung: Rechnung ${invoiceNumber}`,
    greeting: 'Guten Tag',
    paragraphs: [
      `Die Rechnung ${invoiceNumber} für ${partnerName} (${formatChf(totalCentimes, 'de')}) war am ${formatInvoiceDate(dueOn, 'de')} fällig, und wir haben ihre Zahlung noch nicht erhalten.`,
      'Bitte bezahlen Sie sie jetzt mit der QR-Rechnung im angehängten PDF. Die Funktionen Ihres Abonnements bleiben nur verfügbar, solange keine Rechnung überfällig ist.',
    ],
    action: { label: 'Ihre Rechnungen', url: billingUrl },
    notes: [
      'Hat sich Ihre Zahlung mit dieser E-Mail gekreuzt, danken wir Ihnen: Betrachten Sie sie als gegenstandslos.',
    ],
    signature: 'Freundliche Grüsse',
  }),
  it: ({ invoiceNumber, totalCentimes, dueOn, partnerName, billingUrl }) => ({
    subject: `Promemoria: fattura ${invoiceNumber}`,
    greeting: 'Buongiorno,',
    paragraphs: [
      `La fattura ${invoiceNumber} per ${partnerName} (${formatChf(totalCentimes, 'it')}) era in scadenza il ${formatInvoiceDate(dueOn, 'it')} e non ne abbiamo ancora ricevuto il pagamento.`,
      'La preghiamo di pagarla ora con la QR-fattura del PDF allegato. Le funzioni del suo abbonamento restano disponibili solo finché nessuna fattura è scaduta.',
    ],
    action: { label: 'Le sue fatture', url: billingUrl },
    notes: ['Se il suo pagamento si è incrociato con questa e-mail, la ringraziamo: la ignori.'],
    signature: 'Cordiali saluti,',
  }),
};
