import escapeHtml from 'escape-html';
import type { Language } from '../../../domain/languages';

/** Shown in every mail's header and footer. */
export const PRODUCT_NAME = 'Venue Back Office';

/**
 * What a mail says, as plain text. Templates never write HTML: the layout escapes every string,
 * so a user's name or any other value cannot inject markup into the HTML part.
 */
export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Shown after the action, e.g. "If you did not ask for this, ignore this mail." */
  notes: string[];
  signature: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function renderMail(content: MailContent, language: Language): RenderedMail {
  return { subject: content.subject, text: renderText(content), html: renderHtml(content, language) };
}

function renderText(content: MailContent): string {
  const blocks = [content.greeting, ...content.paragraphs];
  if (content.action) blocks.push(`${content.action.label}\n${content.action.url}`);
  blocks.push(...content.notes, `${content.signature}\n${PRODUCT_NAME}`);
  return `${blocks.join('\n\n')}\n`;
}

/** Inline styles only: most mail clients drop <style> blocks. Light colours work in dark-mode clients too. */
function renderHtml(content: MailContent, language: Language): string {
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text).replaceAll('\n', '<br>')}</p>`;
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" ` +
      'style="display:inline-block;padding:12px 24px;background:#59B090;color:#FFFFFF;' +
      `text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;line-height:1.5;font-size:13px;color:#555555;word-break:break-all">` +
      `${escapeHtml(content.action.url)}</p>`
    : '';
  return [
    '<!DOCTYPE html>',
    `<html lang="${language}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#F8F9FA;font-family:Poppins,Arial,sans-serif;color:#0D0D0D">',
    '<div style="max-width:560px;margin:0 auto;padding:32px;background:#FFFFFF;border-radius:8px">',
    `<p style="margin:0 0 24px;font-weight:600;color:#59B090">${escapeHtml(PRODUCT_NAME)}</p>`,
    paragraph(content.greeting),
    ...content.paragraphs.map(paragraph),
    action,
    ...content.notes.map(paragraph),
    paragraph(`${content.signature}\n${PRODUCT_NAME}`),
    '</div></body></html>',
  ].join('\n');
}

/** "30 minutes", "24 Stunden", "2 ore": whole hours read better than a count of minutes. */
export function formatDuration(minutes: number, language: Language): string {
  const inHours = minutes >= 60 && minutes % 60 === 0;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: inHours ? 'hour' : 'minute',
    unitDisplay: 'long',
  }).format(inHours ? minutes / 60 : minutes);
}
