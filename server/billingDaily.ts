import { parseArgs } from 'node:util';
import { zurichToday } from '../domain/statistics';
import { localDateSchema } from '../domain/event';
import { loadConfig } from './config';
import { openDatabase, startEmbeddedDatabase } from './db/client';
import { runBillingJobFor } from './services/billing/daily';
import { sendInvoiceMail } from './services/billing/invoiceMails';
import { createMailer } from './services/mail';

/**
 * `npm run billing:daily [-- --day YYYY-MM-DD]`: the billing's daily job (docs/billing.md "Daily job") for a
 * Zurich day (today by default), even when a process ran it already: periods move on, current periods are
 * invoiced (and mailed), paid states refreshed. Safe to run again (nothing is done twice). With DATABASE_URL it
 * runs beside the API processes; with the embedded database it needs the server stopped.
 */

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { day: { type: 'string' } } });
  const day = values.day ?? zurichToday();
  if (!localDateSchema.safeParse(day).success) throw new Error(`--day must be a date YYYY-MM-DD, not “${day}”`);
  const config = loadConfig();
  const database = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl })
    : await openDatabase({ embedded: await startEmbeddedDatabase(config.dataDir) });
  try {
    const result = await runBillingJobFor(database.db, {
      today: day,
      creditor: config.billingCreditor,
      publicUrl: config.publicUrl,
      force: true,
    });
    console.log(
      `${day}: ${result.advanced.length} subscription(s) moved on, ${result.ended.length} ended, ${result.invoiceIds.length} invoice(s) created`,
    );
    if (result.skippedInvoices) console.log(`invoices not created: ${result.skippedInvoices}`);
    const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl });
    try {
      for (const invoiceId of result.invoiceIds)
        await sendInvoiceMail(
          { db: database.db, mailer, creditor: config.billingCreditor, publicUrl: config.publicUrl },
          { invoiceId, template: 'invoice' },
        );
    } finally {
      await mailer.close();
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
