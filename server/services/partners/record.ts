import type { Visibility } from '../../../domain/enums';
import { isoOf } from '../../db/conditions';
import type { TagLinks } from '../../db/links';

/** What establishment and promoter group records read alike from their rows. */

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
