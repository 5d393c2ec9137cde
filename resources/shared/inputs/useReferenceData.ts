import { useMemo } from 'react';
import { useGetList, useLocaleState } from 'react-admin';
import type { Language } from '../../../domain/languages';
import { referenceResourceOf, type ReferenceKind, type ReferenceRecord } from '../../../domain/reference';

/** A kind has tens of values at most: one request reads them all, shared by every picker and field of that kind. */
const ALL_VALUES = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'position', order: 'ASC' as const } };

export interface ReferenceOption {
  id: number;
  name: string;
  isActive: boolean;
}

const byPosition = (left: ReferenceRecord, right: ReferenceRecord) =>
  left.position - right.position || left.id - right.id;

/** The label in the interface language (every label is required; English if a catalogue were ever missing). */
export const labelIn = (record: Pick<ReferenceRecord, 'label'>, locale: string): string =>
  record.label[locale as Language] ?? record.label.en;

/** Every value of a kind, sorted by position, with its label in the user's language. */
export const useReferenceValues = (kind: ReferenceKind) => {
  const [locale] = useLocaleState();
  const { data, isPending, error } = useGetList<ReferenceRecord>(referenceResourceOf(kind), ALL_VALUES, {
    staleTime: 5 * 60_000,
  });
  const options = useMemo<ReferenceOption[]>(
    () =>
      [...(data ?? [])]
        .sort(byPosition)
        .map((record) => ({ id: record.id, name: labelIn(record, locale), isActive: record.isActive })),
    [data, locale],
  );
  return { options, isPending, error };
};

/**
 * What a picker offers: the active values, plus any retired value the record already has (so it stays
 * shown and is not silently dropped on save).
 */
export const offeredOptions = (
  options: readonly ReferenceOption[],
  currentIds: readonly unknown[],
): ReferenceOption[] => options.filter((option) => option.isActive || currentIds.includes(option.id));
