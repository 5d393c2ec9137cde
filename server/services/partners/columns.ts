import type { Visibility } from '../../../domain/enums';
import { PARTNER_LIMITS } from '../../../domain/partner';
import { isoOf } from '../../db/conditions';
import type { TagLinks } from '../../db/links';
import { sanitisedTooLong, storedDescription } from '../html';

/** The columns establishments and promoter groups store and read alike. */

export const SANITISED_TOO_LONG = sanitisedTooLong(PARTNER_LIMITS.htmlDescription);

/** The description pair as stored (services/html.ts: sanitised, plain text derived, 400 when it grows too long). */
export const descriptionColumnsOf = (description: { description: string | null; htmlDescription: string | null }) =>
  storedDescription(description, {
    plain: PARTNER_LIMITS.description,
    html: PARTNER_LIMITS.htmlDescription,
    htmlField: 'description.htmlDescription',
  });

/** The columns every partner row has that the record shows as they are (or nearly). */
interface PartnerRowBasics {
  description: string | null;
  htmlDescription: string | null;
  visibility: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The fields every partner record reads alike from its row and its tags: description to `updatedAt`. */
export const partnerRecordBasicsOf = (row: PartnerRowBasics, tagLinks: TagLinks) => ({
  description: { description: row.description, htmlDescription: row.htmlDescription },
  // The column's CHECK constraint allows only these (server/db/schema).
  visibility: row.visibility as Visibility,
  tagTerms: tagLinks.names,
  version: row.version,
  createdAt: isoOf(row.createdAt),
  updatedAt: isoOf(row.updatedAt),
});
