import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import { ApiError } from '../errors';
import sanitizeHtml from 'sanitize-html';

/**
 * The one policy for rich text that users write (tag descriptions now; events, establishments, promoters
 * and offers later), sanitised on the server. What a rich-text editor
 * produces survives: paragraphs, h2–h4 headings, bold, italic, underline, strike, lists, blockquotes, line
 * breaks and links. Scripts, styles, event handlers, images, frames and every other tag or attribute go.
 * Links keep only http(s) and mailto addresses and always open in a new tab without handing over the opener
 * or passing ranking (`rel="noopener noreferrer nofollow"`).
 */

const LINK_REL = 'noopener noreferrer nofollow';

const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // The contents of these go with them (a <script>'s code is no text to show).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'template'],
  transformTags: {
    a: (tagName, attributes) => ({
      tagName,
      attribs: { ...(attributes.href ? { href: attributes.href } : {}), target: '_blank', rel: LINK_REL },
    }),
  },
};

/** User HTML made safe to store and show; blank or empty markup becomes null (no description). */
export function sanitizeUserHtml(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(html, POLICY).trim();
  // Markup without text (`<p><br></p>`, what an emptied editor sends) is no description.
  return htmlToPlainText(clean) === '' ? null : clean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/**
 * The text of (sanitised) HTML, for the plain `description` beside `htmlDescription`: blocks and line
 * breaks become line breaks, runs of spaces one space, entities their characters.
 */
export function htmlToPlainText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|h2|h3|h4|li|blockquote)>/gi, '\n');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {}, nonTextTags: POLICY.nonTextTags });
  return text
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_match, name: string) => ENTITIES[name])
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** Plain text cut to `max` characters at a word boundary, with an ellipsis when cut. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The field message when sanitising makes the HTML longer than its schema allows. */
export const sanitisedTooLong = (max: number): string =>
  `Longer than ${max} characters once cleaned (links get attributes): shorten it`;

export interface DescriptionLimits {
  /** Longest plain description (a derived one is cut to it). */
  plain: number;
  /** Longest HTML the input schema accepts. */
  html: number;
  /** The input path of the HTML, for the 400 (`description.htmlDescription`, `advanced.htmlDescription`). */
  htmlField: string;
}

/**
 * A description pair as stored: the HTML sanitised, and an empty plain description filled from the HTML's
 * text so that lists, search and mails have it. Sanitising may lengthen the HTML (every link gets `target`
 * and `rel`, a bare `&` becomes `&amp;`): stored longer than the schema allows, the record could never be
 * saved back as read, so that is a 400 on the HTML field now rather than on every later save.
 */
export function storedDescription(
  input: { description: string | null; htmlDescription: string | null },
  limits: DescriptionLimits,
): { description: string | null; htmlDescription: string | null } {
  const htmlDescription = sanitizeUserHtml(input.htmlDescription);
  if (htmlDescription && htmlDescription.length > limits.html) {
    throw new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, { [limits.htmlField]: sanitisedTooLong(limits.html) });
  }
  const description =
    input.description ?? (htmlDescription ? truncateText(htmlToPlainText(htmlDescription), limits.plain) : null);
  return { description, htmlDescription };
}
