import { storedMediaListState, type MediaListState, type Upload } from '../../../domain/upload';

/** The uploads a partner record carries: its logo and its gallery. */

export interface PartnerPictures {
  logo: Upload | null;
  media: Upload[];
  mediaListState: MediaListState;
}

/** The logo and the gallery of a record from the loaded uploads. */
export function picturesOf(
  logoUploadId: number | null,
  mediaIds: readonly number[],
  uploadsById: ReadonlyMap<number, Upload>,
): PartnerPictures {
  const media = mediaIds.flatMap((id) => uploadsById.get(id) ?? []);
  return {
    logo: logoUploadId === null ? null : (uploadsById.get(logoUploadId) ?? null),
    media,
    mediaListState: storedMediaListState(media),
  };
}
