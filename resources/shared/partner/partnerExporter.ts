import { useCallback } from 'react';
import { useLocaleState, useTranslate, type DataProvider, type Exporter } from 'react-admin';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../domain/languages';
import type { TagTermsMap } from '../../../domain/partner';
import type { ReferenceKind } from '../../../domain/reference';
import { downloadCsv, fetchReferenceLabels, labelsText, plainTextOf, toCsv, type CsvColumn } from './csv';
import type { PartnerResource } from './useCanWriteRecord';

/** What every partner record has that the shared columns read. */
interface PartnerCsvRecord {
  id: number;
  generalInfos: { email: string | null; phone: string | null; urlSite: string | null; urlBilletterie: string | null };
  specificInfos: { musics: number[]; ambiance: number[] };
  tagTerms?: TagTermsMap;
  description: { description: string | null; htmlDescription: string | null };
  visibility: string;
  updatedAt: string;
}

/** A reference list whose labels the export shows: its kind, and the ids each record names. */
interface LabelledReference<Row> {
  kind: ReferenceKind;
  idsOf: (record: Row) => readonly (number | null | undefined)[];
}

/** What a partner's own columns are built with. */
export interface PartnerCsvTools<Row, Name extends string> {
  heading: (field: string) => string;
  /** The labels of one of the resource's references (by its name in `references`), as text. */
  labels: (name: Name, ids: readonly number[]) => string;
  locale: string;
  /** The contact columns every partner exports alike. */
  contact: CsvColumn<Row>[];
  /** Musics and ambiances. */
  specific: CsvColumn<Row>[];
  /** Tags, description, visibility and last change: every partner's last columns. */
  closing: CsvColumn<Row>[];
}

const SHARED_REFERENCES = {
  musics: { kind: 'musics', idsOf: (record: PartnerCsvRecord) => record.specificInfos.musics },
  ambiances: { kind: 'ambiances', idsOf: (record: PartnerCsvRecord) => record.specificInfos.ambiance },
} as const;

async function fetchLabels<Row>(
  dataProvider: DataProvider,
  references: Record<string, LabelledReference<Row>>,
  records: readonly Row[],
  locale: string,
) {
  const language = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
  const entries = await Promise.all(
    Object.entries(references).map(
      async ([name, reference]) =>
        [
          name,
          await fetchReferenceLabels(dataProvider, reference.kind, records.flatMap(reference.idsOf), language),
        ] as const,
    ),
  );
  return new Map(entries);
}

/**
 * The CSV export of a partner list (the current search, filters and sort): one flat row per record, headings
 * and labels in the reader's language, no HTML. Each resource gives its references and orders its columns.
 */
export function usePartnerExporter<Row extends PartnerCsvRecord, Name extends string>(
  resource: PartnerResource,
  references: Record<Name, LabelledReference<Row>>,
  columnsOf: (tools: PartnerCsvTools<Row, Name | keyof typeof SHARED_REFERENCES>) => CsvColumn<Row>[],
): Exporter<Row> {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useCallback(
    async (records, _fetchRelated, dataProvider) => {
      const labelMaps = await fetchLabels<Row>(dataProvider, { ...references, ...SHARED_REFERENCES }, records, locale);
      const heading = (field: string) => translate(`resources.${resource}.fields.${field}`);
      const labels = (name: string, ids: readonly number[]) => labelsText(labelMaps.get(name) ?? new Map(), ids);
      const column = (field: string, value: CsvColumn<Row>['value']): CsvColumn<Row> => ({
        heading: heading(field),
        value,
      });
      const tools = {
        heading,
        labels,
        locale,
        contact: [
          column('generalInfos.email', (record) => record.generalInfos.email),
          column('generalInfos.phone', (record) => record.generalInfos.phone),
          column('generalInfos.urlSite', (record) => record.generalInfos.urlSite),
          column('generalInfos.urlBilletterie', (record) => record.generalInfos.urlBilletterie),
        ],
        specific: [
          column('specificInfos.musics', (record) => labels('musics', record.specificInfos.musics)),
          column('specificInfos.ambiance', (record) => labels('ambiances', record.specificInfos.ambiance)),
        ],
        closing: [
          column('additionalInfos.tagTerms', (record) => Object.values(record.tagTerms ?? {}).join(', ')),
          column(
            'description.description',
            (record) => record.description.description ?? plainTextOf(record.description.htmlDescription),
          ),
          column('visibility', (record) => translate(`resources.partners.visibility.${record.visibility}`)),
          column('updatedAt', (record) => record.updatedAt),
        ],
      };
      downloadCsv(toCsv(records, columnsOf(tools)), translate(`resources.${resource}.exportFileName`));
    },
    [translate, locale, resource, references, columnsOf],
  );
}
