import type { Visibility } from '../../../domain/enums';
import { isoOf } from '../../db/conditions';
import type { TagLinks } from '../../db/links';
import { descriptionColumnsOf } from './checks';

/** What establishment and promoter group records read alike from their rows. */

/** The columns every partner row has that the record shows as they are (or nearly). */
export interface PartnerRowBasics {
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

/** The contact columns every partner row has, as its `generalInfos` shows them. */
interface PartnerContact {
  email: string | null;
  phone: string | null;
  urlBilletterie: string | null;
  urlSite: string | null;
}

export const partnerContactOf = (row: PartnerContact): PartnerContact => ({
  email: row.email,
  phone: row.phone,
  urlBilletterie: row.urlBilletterie,
  urlSite: row.urlSite,
});

/** What every partner input writes alike into its own row: name, logo, contact, description and visibility. */
export const partnerColumnsOf = (
  name: string,
  input: {
    generalInfos: PartnerContact & { logo?: { id: number } | null };
    description: { description: string | null; htmlDescription: string | null };
    visibility: Visibility;
  },
) => ({
  name,
  logoUploadId: input.generalInfos.logo?.id ?? null,
  ...partnerContactOf(input.generalInfos),
  ...descriptionColumnsOf(input.description),
  visibility: input.visibility,
});
