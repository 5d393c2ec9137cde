import { loadConfig } from './config';
import { openDatabase, startEmbeddedDatabase } from './db/client';
import { createMailer } from './services/mail';
import { sendDigests } from './services/notifications/delivery';

/**
 * `npm run notifications:digest`: sends the notification digest now (docs/notifications.md "Digest"), as
 * ROOT's `POST /api/v1/notifications/digest` does, without taking the day's 07:00 slot. With DATABASE_URL it
 * runs beside the API processes; with the embedded database it needs the server stopped (the data directory's
 * lock refuses a second process). Prints how many mails it sent.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl })
    : await openDatabase({ embedded: await startEmbeddedDatabase(config.dataDir) });
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, logLinks: false });
  try {
    const mails = await sendDigests({ db: database.db, mailer, publicUrl: config.publicUrl });
    console.log(`Notification digest: ${mails} mail${mails === 1 ? '' : 's'} sent.`);
  } finally {
    await mailer.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
