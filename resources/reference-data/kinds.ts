import { REFERENCE_DATA_PREFIX, REFERENCE_KIND_NAMES, type ReferenceKind } from '../../domain/reference';

const RESOURCE_PREFIX = `${REFERENCE_DATA_PREFIX}/`;

/** `reference-data/musics` → `musics`; null for any other resource. */
export const kindOfResource = (resource: string | undefined): ReferenceKind | null => {
  if (!resource?.startsWith(RESOURCE_PREFIX)) return null;
  const kind = resource.slice(RESOURCE_PREFIX.length);
  return (REFERENCE_KIND_NAMES as readonly string[]).includes(kind) ? (kind as ReferenceKind) : null;
};

/** The kind `/reference-data` opens on. */
export const FIRST_REFERENCE_KIND: ReferenceKind = REFERENCE_KIND_NAMES[0] as ReferenceKind;
