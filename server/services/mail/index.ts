import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Language } from '../../../domain/languages';
import type { Database } from '../../db/client';
import { mailOutbox, type MailAttachmentSummary } from '../../db/schema/auth';
import { renderTemplate, type MailTemplateName, type MailTemplateParams } from './templates';

export { MAIL_TEMPLATE_NAMES, mailTemplates, renderTemplate } from './templates';
export type {
  InvoiceMailParams,
  NotificationDigestItem,
  NotificationDigestMailParams,
  NotificationMailParams,
  LinkMailParams,
  MailTemplate,
  MailTemplateName,
  MailTemplateParams,
} from './templates';
export { PRODUCT_NAME, type MailContent, type RenderedMail } from './layout';

export type MailTransportName = 'outbox' | 'smtp';
/** `stored`: recorded in the outbox only; `pending`: being handed to SMTP; then `sent` or `failed`. */
export type MailStatus = 'stored' | 'pending' | 'sent' | 'failed';

export interface MailMessage<Name extends MailTemplateName = MailTemplateName> {
  to: string;
  userId?: number | null;
  language: Language;
  template: Name;
  params: MailTemplateParams<Name>;
  /** Files sent with the mail (an invoice's PDF); the outbox records their name, type and size, not their bytes. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export const attachmentSummaryOf = (attachment: MailAttachment): MailAttachmentSummary => ({
  filename: attachment.filename,
  contentType: attachment.contentType,
  bytes: attachment.content.length,
});

export interface MailRecord {
  id: number;
  status: MailStatus;
}

export interface Mailer {
  readonly transport: MailTransportName;
  /**
   * Renders the mail in the recipient's language, records it in `mail_outbox` and, with SMTP, sends it.
   * A failed SMTP send does not throw: it is recorded as `failed` and logged, so callers such as
   * forgot-password answer the same whatever happens to the mail.
   */
  send<Name extends MailTemplateName>(message: MailMessage<Name>): Promise<MailRecord>;
  close(): Promise<void>;
}

/** The subset of Fastify's (pino's) logger the mailer uses. */
export interface MailLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailerOptions {
  db: Database;
  smtpUrl?: string;
  logger?: MailLogger;
  /** Sender address; an SMTP relay may require one of its own domains. */
  from?: string;
  /** Whether the log line carries the mail's link (handy locally, a leak of live tokens in production). */
  logLinks?: boolean;
}

export const DEFAULT_MAIL_FROM = '"Venue Back Office" <no-reply@example.com>';

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

export function createMailer(options: MailerOptions): Mailer {
  const { db, smtpUrl, logger } = options;
  const from = options.from ?? DEFAULT_MAIL_FROM;
  const logLinks = options.logLinks ?? process.env.NODE_ENV !== 'production';
  const smtp = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }) : undefined;
  const transport: MailTransportName = smtp ? 'smtp' : 'outbox';

  async function send<Name extends MailTemplateName>(message: MailMessage<Name>): Promise<MailRecord> {
    const rendered = renderTemplate(message.template, message.language, message.params);
    const [row] = await db
      .insert(mailOutbox)
      .values({
        userId: message.userId ?? null,
        toAddress: message.to,
        subject: rendered.subject,
        textBody: rendered.text,
        htmlBody: rendered.html,
        template: message.template,
        language: message.language,
        transport,
        status: smtp ? 'pending' : 'stored',
        attachments: (message.attachments ?? []).map(attachmentSummaryOf),
      })
      .returning({ id: mailOutbox.id });
    const record: MailRecord = { id: row.id, status: smtp ? 'pending' : 'stored' };
    if (smtp) {
      record.status = await deliver(smtp, record.id, {
        from,
        to: message.to,
        ...rendered,
        attachments: (message.attachments ?? []).map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          content,
        })),
      });
    }
    logger?.info(
      {
        mailId: record.id,
        template: message.template,
        language: message.language,
        to: message.to,
        ...(message.attachments?.length ? { attachments: message.attachments.map(attachmentSummaryOf) } : {}),
        transport,
        status: record.status,
        ...(logLinks ? { link: linkOf(message.params) } : {}),
      },
      'mail recorded',
    );
    return record;
  }

  async function deliver(
    smtpTransport: Transporter,
    id: number,
    mail: {
      from: string;
      to: string;
      subject: string;
      text: string;
      html: string;
      attachments: { filename: string; contentType: string; content: Buffer }[];
    },
  ): Promise<MailStatus> {
    try {
      await smtpTransport.sendMail(mail);
      await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, id));
      return 'sent';
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db.update(mailOutbox).set({ status: 'failed', error: reason }).where(eq(mailOutbox.id, id));
      logger?.error({ mailId: id, err: error }, 'mail could not be sent over SMTP');
      return 'failed';
    }
  }

  return {
    transport,
    send,
    close: async () => smtp?.close(),
  };
}

/** The link a mail carries, if its parameters have one. */
function linkOf(params: unknown): string | undefined {
  if (typeof params !== 'object' || params === null || !('link' in params)) return undefined;
  return typeof params.link === 'string' ? params.link : undefined;
}
