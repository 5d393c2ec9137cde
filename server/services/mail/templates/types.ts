import type { Language } from '../../../../domain/languages';
import type { MailContent } from '../layout';

/** A template writes a mail's content in each language from its parameters (plain text, never HTML). */
export type MailTemplate<Params> = Record<Language, (params: Params) => MailContent>;

/** Parameters of the mails that carry a single-use link (access link, reset, delete account). */
export interface LinkMailParams {
  firstName: string;
  link: string;
  expiresInMinutes: number;
}
