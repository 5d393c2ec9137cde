import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { zurichToday } from '../../../domain/statistics';
import type { Creditor, Invoice } from '../../../domain/billing';
import type { Database } from '../../db/client';
import type { Queryable } from '../../db/queryable';
import { invoices, subscriptions } from '../../db/schema';
import type { Mailer } from '../mail';
import { billingLinkOf } from './paidState';
import { loadInvoices } from './invoices';
import { renderInvoicePdf } from './pdf';

/**
 * Invoice mails (docs/billing.md "Mails"): once an invoice or a reminder has committed, the invoice goes to its
 * subscription's `invoiceEmail` in the invoice's language, its PDF attached (the QR-bill pays it), in the
 * background: a failure is logged, the write stands. Credit notes are not mailed (the partner's billing page
 * shows them).
 */

export type InvoiceMailTemplate = 'invoice' | 'invoiceReminder';

/** `invoice-2026-00042.pdf`, `credit-note-2026-00043.pdf`. */
export const invoiceFileNameOf = (invoice: Pick<Invoice, 'kind' | 'number'>): string =>
  `${invoice.kind === 'CREDIT_NOTE' ? 'credit-note' : 'invoice'}-${invoice.number}.pdf`;

/** The invoice's PDF; a credit note names the invoice it cancels. */
export async function invoicePdfOf(db: Queryable, invoice: Invoice, creditor: Creditor): Promise<Buffer> {
  let creditedInvoiceNumber: string | null = null;
  if (invoice.creditsInvoiceId !== null) {
    const [credited] = await db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, invoice.creditsInvoiceId));
    creditedInvoiceNumber = credited?.number ?? null;
  }
  return renderInvoicePdf(invoice, creditor, { creditedInvoiceNumber });
}

export interface InvoiceMailDependencies {
  db: Database;
  mailer: Pick<Mailer, 'send'>;
  creditor: Creditor | undefined;
  publicUrl: string;
}

/** Sends one invoice's mail now; false when there is nothing to send (a credit note, no subscription). */
export async function sendInvoiceMail(
  deps: InvoiceMailDependencies,
  mail: { invoiceId: number; template: InvoiceMailTemplate },
): Promise<boolean> {
  const [invoice] = await loadInvoices(deps.db, [mail.invoiceId], zurichToday());
  if (!invoice || invoice.kind !== 'INVOICE' || invoice.subscriptionId === null || !deps.creditor) return false;
  const [subscription] = await deps.db
    .select({ invoiceEmail: subscriptions.invoiceEmail })
    .from(subscriptions)
    .where(eq(subscriptions.id, invoice.subscriptionId));
  if (!subscription) return false;
  const pdf = await invoicePdfOf(deps.db, invoice, deps.creditor);
  await deps.mailer.send({
    to: subscription.invoiceEmail,
    language: invoice.language,
    template: mail.template,
    params: {
      invoiceNumber: invoice.number,
      totalCentimes: invoice.totalCentimes,
      dueOn: invoice.dueOn,
      partnerName: invoice.partner.name,
      billingUrl: billingLinkOf(deps.publicUrl),
    },
    attachments: [{ filename: invoiceFileNameOf(invoice), contentType: 'application/pdf', content: pdf }],
  });
  return true;
}

/** `sendInvoiceMail` in the app's background tasks (tests wait for them with `app.background.idle()`). */
export function mailInvoiceInBackground(
  app: FastifyInstance,
  mail: { invoiceId: number; template: InvoiceMailTemplate },
): void {
  const deps = {
    db: app.db,
    mailer: app.mailer,
    creditor: app.config.billingCreditor,
    publicUrl: app.config.publicUrl,
  };
  app.background.run(`billing ${mail.template} ${mail.invoiceId}`, async () => {
    await sendInvoiceMail(deps, mail);
  });
}
