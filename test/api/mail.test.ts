import { openEmptyTestDatabase } from './testDatabase';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGES, type Language } from '../../domain/languages';
import { migrateDatabase, type Database, type DatabaseHandle } from '../../server/db/client';
import { mailOutbox, roles, users } from '../../server/db/schema';
import { ensureRoles } from '../../server/seed';
import {
  createMailer,
  MAIL_TEMPLATE_NAMES,
  renderTemplate,
  type InvoiceMailParams,
  type LinkMailParams,
  type MailLogger,
} from '../../server/services/mail';

let handle: DatabaseHandle;
let db: Database;
let disposeDatabase: () => Promise<void> = async () => {};
let userId: number;

/** The templates that carry a single-use link; the event-request mails are tested in events.approvals.test.ts. */
const LINK_TEMPLATE_NAMES = MAIL_TEMPLATE_NAMES.filter(
  (name): name is 'accessLink' | 'resetPassword' | 'deleteAccount' =>
    ['accessLink', 'resetPassword', 'deleteAccount'].includes(name),
);

const params = (overrides: Partial<LinkMailParams> = {}): LinkMailParams => ({
  firstName: 'Anna',
  link: 'http://localhost:3000/reset-password/tok3n-value',
  expiresInMinutes: 60,
  ...overrides,
});

const outboxRow = async (id: number) => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

const recordingLogger = () => {
  const lines: { level: 'info' | 'error'; details: Record<string, unknown>; message: string }[] = [];
  const logger: MailLogger = {
    info: (details, message) => lines.push({ level: 'info', details: details as Record<string, unknown>, message }),
    error: (details, message) => lines.push({ level: 'error', details: details as Record<string, unknown>, message }),
  };
  return { logger, lines };
};

beforeAll(async () => {
  const database = await openEmptyTestDatabase('mail_test');
  handle = database.handle;
  disposeDatabase = database.dispose;
  db = handle.db;
  await migrateDatabase(handle);
  await ensureRoles(db);
  const [role] = await db.select().from(roles).where(eq(roles.key, 'CUSTOMER'));
  const [user] = await db
    .insert(users)
    .values({ firstName: 'Anna', lastName: 'Muster', username: 'anna', email: 'anna@example.ch', roleId: role.id })
    .returning();
  userId = user.id;
});

afterAll(async () => {
  await disposeDatabase();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('mail templates', () => {
  const greetings: Record<Language, string> = {
    en: 'Hello Anna',
    fr: 'Bonjour Anna',
    de: 'Hallo Anna',
    it: 'Buongiorno Anna',
  };
  const durations: Record<Language, string> = { en: '1 hour', fr: '1 heure', de: '1 Stunde', it: '1 ora' };

  it.each(LINK_TEMPLATE_NAMES.flatMap((template) => LANGUAGES.map((language) => [template, language] as const)))(
    '%s in %s has a subject, a text part and an HTML part in that language',
    (template, language) => {
      const mail = renderTemplate(template, language, params());
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.text).toContain(greetings[language]);
      // Intl puts a no-break space between the number and the unit in some languages.
      expect(mail.text.replace(/[\u00a0\u202f]/g, ' ')).toContain(durations[language]);
      expect(mail.text).toContain('http://localhost:3000/reset-password/tok3n-value');
      expect(mail.text).not.toMatch(/<[a-z]/i);
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.html).toContain('href="http://localhost:3000/reset-password/tok3n-value"');
      expect(mail.html).toContain(greetings[language]);
    },
  );

  it('writes each template differently in each language', () => {
    for (const template of LINK_TEMPLATE_NAMES) {
      const subjects = LANGUAGES.map((language) => renderTemplate(template, language, params()).subject);
      expect(new Set(subjects).size).toBe(LANGUAGES.length);
    }
    const subjects = LINK_TEMPLATE_NAMES.map((template) => renderTemplate(template, 'en', params()).subject);
    expect(new Set(subjects).size).toBe(LINK_TEMPLATE_NAMES.length);
  });

  it('uses Swiss German spelling (no ß)', () => {
    for (const template of LINK_TEMPLATE_NAMES) {
      expect(renderTemplate(template, 'de', params()).text).not.toContain('ß');
    }
  });

  it('says minutes when the lifetime is not whole hours', () => {
    expect(renderTemplate('resetPassword', 'fr', params({ expiresInMinutes: 30 })).text).toContain('30 minutes');
    expect(renderTemplate('accessLink', 'de', params({ expiresInMinutes: 2880 })).text).toContain('48 Stunden');
  });

  it('escapes every value in the HTML part and keeps the text part verbatim', () => {
    const hostile = params({
      firstName: '<script>alert("x")</script> & Co',
      link: 'http://localhost:3000/auth/sign_in?authId=1&token="><img src=x onerror=alert(1)>',
    });
    const mail = renderTemplate('accessLink', 'en', hostile);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(mail.html).toContain('href="http://localhost:3000/auth/sign_in?authId=1&amp;token=&quot;&gt;&lt;img');
    expect(mail.text).toContain('Hello <script>alert("x")</script> & Co,');
    expect(mail.text).toContain(hostile.link);
  });
});

describe('outbox transport (default)', () => {
  it('records every mail with both parts in the recipient’s language', async () => {
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({ db, logger, logLinks: true });
    expect(mailer.transport).toBe('outbox');
    for (const language of LANGUAGES) {
      const record = await mailer.send({
        to: 'anna@example.ch',
        userId,
        language,
        template: 'resetPassword',
        params: params(),
      });
      expect(record.status).toBe('stored');
      const row = await outboxRow(record.id);
      expect(row).toMatchObject({
        userId,
        toAddress: 'anna@example.ch',
        template: 'resetPassword',
        language,
        transport: 'outbox',
        status: 'stored',
        sentAt: null,
        error: null,
      });
      const rendered = renderTemplate('resetPassword', language, params());
      expect(row.subject).toBe(rendered.subject);
      expect(row.textBody).toBe(rendered.text);
      expect(row.htmlBody).toBe(rendered.html);
    }
    await mailer.close();
    expect(lines).toHaveLength(LANGUAGES.length);
    expect(lines[0]).toMatchObject({ level: 'info', details: { template: 'resetPassword', link: params().link } });
  });

  it('records a mail to an address without an account', async () => {
    const mailer = createMailer({ db });
    const record = await mailer.send({
      to: 'nobody@example.ch',
      language: 'it',
      template: 'deleteAccount',
      params: params(),
    });
    expect((await outboxRow(record.id)).userId).toBeNull();
  });

  it('keeps links out of the log in production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({ db, logger });
    await mailer.send({ to: 'anna@example.ch', language: 'en', template: 'accessLink', params: params() });
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines[0])).not.toContain('tok3n-value');
  });
});

interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A local SMTP sink on 127.0.0.1; `rejectRecipients` answers 550 to every RCPT TO. */
async function startSmtpSink(options: { rejectRecipients?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (options.rejectRecipients) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded body of the MIME part with this content type (quoted-printable or base64). */
function mimePart(raw: string, contentType: string): string {
  const start = raw.search(new RegExp(`Content-Type: ${contentType}`, 'i'));
  expect(start, `no ${contentType} part`).toBeGreaterThanOrEqual(0);
  const part = raw.slice(start);
  const headerEnd = part.indexOf('\r\n\r\n');
  const headers = part.slice(0, headerEnd);
  const body = part.slice(headerEnd + 4).split(/\r\n--/)[0];
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

describe('SMTP transport', () => {
  it('sends the mail with a text and an HTML part and records it as sent', async () => {
    const sink = await startSmtpSink();
    const mailer = createMailer({ db, smtpUrl: sink.url, from: 'Back office <no-reply@example.com>' });
    try {
      expect(mailer.transport).toBe('smtp');
      const record = await mailer.send({
        to: 'anna@example.ch',
        userId,
        language: 'de',
        template: 'accessLink',
        params: params(),
      });
      expect(record.status).toBe('sent');
      expect(sink.received).toHaveLength(1);
      const [mail] = sink.received;
      expect(mail.from).toBe('no-reply@example.com');
      expect(mail.to).toEqual(['anna@example.ch']);
      expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
      const rendered = renderTemplate('accessLink', 'de', params());
      expect(mimePart(mail.raw, 'text/plain').replace(/\r\n/g, '\n')).toBe(rendered.text);
      expect(mimePart(mail.raw, 'text/html').replace(/\r\n/g, '\n')).toBe(rendered.html);

      const row = await outboxRow(record.id);
      expect(row).toMatchObject({ transport: 'smtp', status: 'sent', error: null, textBody: rendered.text });
      expect(row.sentAt).toBeInstanceOf(Date);
    } finally {
      await mailer.close();
      await sink.close();
    }
  });

  it('records a refused mail as failed, logs it and does not throw', async () => {
    const sink = await startSmtpSink({ rejectRecipients: true });
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({ db, smtpUrl: sink.url, logger });
    try {
      const record = await mailer.send({
        to: 'anna@example.ch',
        language: 'fr',
        template: 'resetPassword',
        params: params(),
      });
      expect(record.status).toBe('failed');
      const row = await outboxRow(record.id);
      expect(row).toMatchObject({ transport: 'smtp', status: 'failed', sentAt: null });
      expect(row.error).toMatch(/550|Mailbox unavailable/);
      expect(row.htmlBody).toContain('<html lang="fr">');
      expect(lines.some((line) => line.level === 'error')).toBe(true);
      expect(sink.received).toHaveLength(0);
    } finally {
      await mailer.close();
      await sink.close();
    }
  });

  it('records a mail as failed when no SMTP server answers', async () => {
    const sink = await startSmtpSink();
    const url = sink.url;
    await sink.close(); // nothing listens on that port any more
    const mailer = createMailer({ db, smtpUrl: url });
    try {
      const record = await mailer.send({
        to: 'anna@example.ch',
        language: 'en',
        template: 'deleteAccount',
        params: params(),
      });
      expect(record.status).toBe('failed');
      expect((await outboxRow(record.id)).error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await mailer.close();
    }
  });
});

describe('invoice mails', () => {
  const invoiceParams: InvoiceMailParams = {
    invoiceNumber: '2026-00042',
    totalCentimes: 123_450,
    dueOn: '2026-12-02',
    partnerName: 'Gleis 7 Club',
    billingUrl: 'http://localhost:3000/billing',
  };
  const amounts: Record<Language, string> = {
    en: 'CHF 1,234.50',
    fr: 'CHF 1\u00a0234,50',
    de: 'CHF 1’234.50',
    it: 'CHF 1’234.50',
  };
  const dueDates: Record<Language, string> = {
    en: '2 December 2026',
    fr: '02.12.2026',
    de: '02.12.2026',
    it: '02.12.2026',
  };
  const pdf = Buffer.from('%PDF-1.3\n% an invoice\n%%EOF\n', 'latin1');
  const attachment = { filename: 'invoice-2026-00042.pdf', contentType: 'application/pdf', content: pdf };

  it.each(
    (['invoice', 'invoiceReminder'] as const).flatMap((template) =>
      LANGUAGES.map((language) => [template, language] as const),
    ),
  )(
    '%s in %s names the invoice, its partner, total and due date, and links to the billing page',
    (template, language) => {
      const mail = renderTemplate(template, language, invoiceParams);
      expect(mail.subject).toContain('2026-00042');
      for (const expected of ['2026-00042', 'Gleis 7 Club', amounts[language], dueDates[language]]) {
        expect(mail.text).toContain(expected);
      }
      expect(mail.html).toContain('href="http://localhost:3000/billing"');
      expect(mail.html).toContain(`<html lang="${language}">`);
      if (language === 'de') expect(mail.text).not.toContain('ß');
    },
  );

  it('writes the invoice and the reminder differently, in four languages each', () => {
    const subjects = (['invoice', 'invoiceReminder'] as const).flatMap((template) =>
      LANGUAGES.map((language) => renderTemplate(template, language, invoiceParams).subject),
    );
    expect(new Set(subjects).size).toBe(2 * LANGUAGES.length);
  });

  it('records the attachments’ names, types and sizes in the outbox, not their bytes', async () => {
    const mailer = createMailer({ db });
    const record = await mailer.send({
      to: 'billing@gleis7.ch',
      language: 'de',
      template: 'invoice',
      params: invoiceParams,
      attachments: [attachment],
    });
    expect((await outboxRow(record.id)).attachments).toEqual([
      { filename: 'invoice-2026-00042.pdf', contentType: 'application/pdf', bytes: pdf.length },
    ]);
    const withoutAttachment = await mailer.send({
      to: 'anna@example.ch',
      language: 'en',
      template: 'accessLink',
      params: params(),
    });
    expect((await outboxRow(withoutAttachment.id)).attachments).toEqual([]);
  });

  it('sends the attachments over SMTP', async () => {
    const sink = await startSmtpSink();
    const mailer = createMailer({ db, smtpUrl: sink.url });
    try {
      const record = await mailer.send({
        to: 'billing@gleis7.ch',
        language: 'fr',
        template: 'invoiceReminder',
        params: invoiceParams,
        attachments: [attachment],
      });
      expect(record.status).toBe('sent');
      const [mail] = sink.received;
      expect(mail.raw).toMatch(/Content-Type: multipart\/mixed/i);
      expect(mail.raw).toMatch(/filename="?invoice-2026-00042\.pdf"?/);
      const start = mail.raw.search(/Content-Type: application\/pdf/i);
      expect(start).toBeGreaterThan(0);
      const part = mail.raw.slice(start);
      const body = part.slice(part.indexOf('\r\n\r\n') + 4).split(/\r\n--/)[0];
      expect(Buffer.from(body.replace(/\s+/g, ''), 'base64').equals(pdf)).toBe(true);
      expect((await outboxRow(record.id)).attachments).toEqual([
        { filename: 'invoice-2026-00042.pdf', contentType: 'application/pdf', bytes: pdf.length },
      ]);
    } finally {
      await mailer.close();
      await sink.close();
    }
  });
});
