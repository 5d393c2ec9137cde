import { and, eq, ne } from 'drizzle-orm';
import type { Viewer } from '../../../domain/access';
import { replaceChildren } from '../../db/links';
import type { Queryable } from '../../db/queryable';
import { users } from '../../db/schema/auth';
import { noticeAccessNow } from '../notifications/accountNotices';
import { checkPartnerWrite, type PicturesInput } from './checks';
import type { PartnerWriteParts } from './definition';
import { claimForCaller } from './onboarding';
import type { PartnerPictures } from './pictures';

/** The link sets and gallery a record has stored (`replaceChildren`): none for a row just inserted. */
interface StoredChildren {
  links: Record<string, readonly number[]>;
  media: readonly number[];
}

const NOTHING_STORED: StoredChildren = { links: {}, media: [] };

/**
 * Replaces the child rows with the input's: the kind's own, every link table and the gallery; link sets and a
 * gallery that `stored` already has are left alone.
 */
async function writeChildren<Input>(
  tx: Queryable,
  parts: PartnerWriteParts<Input>,
  id: number,
  { input, galleryIds, stored }: { input: Input; galleryIds: readonly number[]; stored: StoredChildren | undefined },
): Promise<void> {
  await parts.writeExtras?.(tx, id, input);
  const linkIds = parts.linkIdsOf(input);
  const sets = Object.entries(parts.links).map(([name, link]) => ({
    link,
    targetIds: linkIds[name],
    stored: stored && (stored.links[name] ?? []),
  }));
  await replaceChildren(tx, id, sets, { media: parts.media, uploadIds: galleryIds, stored: stored?.media });
}

/**
 * A new partner record: every check before anything is written (`checkPartnerWrite`), the row, its
 * children, and on onboarding the claim by the caller. Answers the new id.
 */
export async function insertPartner<Input extends { generalInfos: PicturesInput }>(
  tx: Queryable,
  parts: PartnerWriteParts<Input>,
  input: Input,
  viewer: Viewer,
): Promise<number> {
  const galleryIds = await checkPartnerWrite(tx, viewer, input.generalInfos, null, parts.referenceChecksOf(input));
  const [row] = await tx
    .insert(parts.table)
    .values(parts.columnsOf(input) as never)
    .returning({ id: parts.id });
  const id = row.id as number;
  await writeChildren(tx, parts, id, { input, galleryIds, stored: NOTHING_STORED });
  await claimForCaller(tx, viewer, parts.onboarding, id);
  return id;
}

/** Replaces a partner record's row and children with the input's, after the same checks as a create. */
export async function updatePartner<Input extends { generalInfos: PicturesInput }>(
  tx: Queryable,
  parts: PartnerWriteParts<Input>,
  id: number,
  input: Input,
  viewer: Viewer,
  current: { generalInfos: PartnerPictures } | null,
): Promise<void> {
  // The stored record has the input's sections (domain/partner.ts PartnerRecord), so the same checks read its ids.
  const storedReferences = current ? parts.referenceChecksOf(current as unknown as Input) : [];
  const galleryIds = await checkPartnerWrite(
    tx,
    viewer,
    input.generalInfos,
    current?.generalInfos ?? null,
    parts.referenceChecksOf(input),
    storedReferences,
  );
  await tx
    .update(parts.table)
    .set(parts.columnsOf(input) as never)
    .where(eq(parts.id, id));
  const stored = current && {
    links: parts.linkIdsOf(current as unknown as Input),
    media: current.generalInfos.media.map((upload) => upload.id),
  };
  await writeChildren(tx, parts, id, { input, galleryIds, stored: stored ?? undefined });
}

/**
 * Deletes a partner record (its children, events, offers… cascade). Its staff keep their accounts without it
 * (`SET NULL`): their access changed, so each is told (ACCOUNT_ACCESS_CHANGED) in the delete's transaction,
 * except the one deleting.
 */
export async function removePartner<Input>(
  tx: Queryable,
  parts: PartnerWriteParts<Input>,
  id: number,
  viewer: Viewer,
): Promise<void> {
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users[parts.onboarding.viewerField], id), ne(users.id, viewer.userId)));
  await tx.delete(parts.table).where(eq(parts.id, id));
  await noticeAccessNow(
    tx,
    staff.map((user) => user.id),
  );
}
