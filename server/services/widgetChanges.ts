import type { DatabaseHandle } from '../db/client';

/**
 * Tells whoever keeps widget pages (the widget page cache) that what a widget shows has changed: the triggers
 * of migration 0010 notify channel `widget_changes` with the establishment's id on every write of its events,
 * occurrences, happy hours, settings or of itself, delivered at commit to every API process; '*' (a label of
 * the reference data changed, or notifications may have been missed) means every widget.
 */

export const WIDGET_CHANGES_CHANNEL = 'widget_changes';

/** The establishment whose widget changed, or null for every widget. */
export type WidgetChangeListener = (establishmentId: number | null) => void;

export interface WidgetChanges {
  onChange(listener: WidgetChangeListener): () => void;
  stop(): Promise<void>;
}

export async function listenToWidgetChanges(database: Pick<DatabaseHandle, 'listen'>): Promise<WidgetChanges> {
  const listeners = new Set<WidgetChangeListener>();
  const tell = (establishmentId: number | null) => {
    for (const listener of listeners) listener(establishmentId);
  };
  const stopListening = await database.listen(
    WIDGET_CHANGES_CHANNEL,
    (payload) => tell(establishmentOf(payload)),
    () => tell(null),
  );
  return {
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: stopListening,
  };
}

function establishmentOf(payload: string): number | null {
  const id = Number(payload);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
