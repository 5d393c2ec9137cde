import type { FastifyInstance } from 'fastify';

/**
 * Invoice mails (docs/billing.md "Mails"): once an invoice, a credit note or a reminder has committed, the
 * document goes to the subscription's `invoiceEmail` in the invoice's language, the PDF attached, in the
 * background (a failure is logged; the write stands).
 */

export type InvoiceMailTemplate = 'invoice' | 'invoiceReminder';

export function mailInvoiceInBackground(
  app: FastifyInstance,
  mail: { invoiceId: number; template: InvoiceMailTemplate },
): void {
  app.log.debug({ invoiceId: mail.invoiceId, template: mail.template }, 'billing: invoice mail not sent yet');
}
