import type { MediaListState } from '../../../domain/upload';

/**
 * The gallery's `mediaListState` as the gallery input keeps it: always derived from the pictures shown and
 * the stored gallery, so it cannot drift (domain/upload.ts resolveGallery accepts it as is).
 * - `order`: the pictures now shown, first first;
 * - `added`: shown pictures the stored gallery did not have (uploaded in this edit);
 * - `removed`: stored pictures no longer shown (a picture uploaded and removed in the same edit is neither).
 */
export const galleryStateOf = (storedIds: readonly number[], currentIds: readonly number[]): MediaListState => {
  const stored = new Set(storedIds);
  const current = new Set(currentIds);
  return {
    order: [...currentIds],
    added: currentIds.filter((id) => !stored.has(id)),
    removed: storedIds.filter((id) => !current.has(id)),
  };
};

/** `items` with the one at `from` moved to `to` (both clamped); the same array when nothing moves. */
export const moveItem = <Item>(items: readonly Item[], from: number, to: number): Item[] => {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from === target || from < 0 || from >= items.length) return [...items];
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  moved.splice(target, 0, item as Item);
  return moved;
};
