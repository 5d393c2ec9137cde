import type { Language } from '../../../../domain/languages';
import { renderMail, type RenderedMail } from '../layout';
import { accessLinkTemplate } from './accessLink';
import { deleteAccountTemplate } from './deleteAccount';
import { invoiceReminderTemplate, invoiceTemplate } from './invoice';
import { notificationDigestTemplate, notificationTemplate } from './notifications';
import { resetPasswordTemplate } from './resetPassword';
import type { MailTemplate } from './types';

export type { LinkMailParams, MailTemplate } from './types';
export type { InvoiceMailParams } from './invoice';
export type { NotificationDigestItem, NotificationDigestMailParams, NotificationMailParams } from './notifications';

/**
 * Every mail the product can send, by name. A later feature (e.g. event approval) adds its template
 * file and one line here; `Mailer.send` then accepts its name and type-checks its parameters.
 */
export const mailTemplates = {
  accessLink: accessLinkTemplate,
  resetPassword: resetPasswordTemplate,
  deleteAccount: deleteAccountTemplate,
  notification: notificationTemplate,
  notificationDigest: notificationDigestTemplate,
  invoice: invoiceTemplate,
  invoiceReminder: invoiceReminderTemplate,
} satisfies Record<string, MailTemplate<never>>;

export type MailTemplateName = keyof typeof mailTemplates;
export type MailTemplateParams<Name extends MailTemplateName> =
  (typeof mailTemplates)[Name] extends MailTemplate<infer Params> ? Params : never;

export const MAIL_TEMPLATE_NAMES = Object.keys(mailTemplates) as MailTemplateName[];

export function renderTemplate<Name extends MailTemplateName>(
  name: Name,
  language: Language,
  params: MailTemplateParams<Name>,
): RenderedMail {
  const template = mailTemplates[name] as MailTemplate<MailTemplateParams<Name>>;
  return renderMail(template[language](params), language);
}
