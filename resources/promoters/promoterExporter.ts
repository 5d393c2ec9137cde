import { useCallback } from 'react';
import { useLocaleState, useTranslate, type Exporter } from 'react-admin';
import { DEFAULT_LANGUAGE, isLanguage } from '../../domain/languages';
import type { Promoter } from '../../domain/promoter';
import {
  downloadCsv,
  fetchReferenceLabels,
  labelsText,
  plainTextOf,
  toCsv,
  type CsvColumn,
} from '../shared/partner/csv';

const FIELDS = 'resources.promoters.fields';

/** The CSV export of the promoter groups list: flat rows, labels in the reader's language, no HTML. */
export const usePromoterExporter = (): Exporter<Promoter> => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useCallback(
    async (records, _fetchRelated, dataProvider) => {
      const language = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
      const [promoterTypes, eventTypes, musics, ambiances] = await Promise.all([
        fetchReferenceLabels(
          dataProvider,
          'promoter-types',
          records.flatMap((record) => record.generalInfos.promoterTypesIds),
          language,
        ),
        fetchReferenceLabels(
          dataProvider,
          'event-types',
          records.flatMap((record) => record.generalInfos.evenTypesIds),
          language,
        ),
        fetchReferenceLabels(
          dataProvider,
          'musics',
          records.flatMap((record) => record.specificInfos.musics),
          language,
        ),
        fetchReferenceLabels(
          dataProvider,
          'ambiances',
          records.flatMap((record) => record.specificInfos.ambiance),
          language,
        ),
      ]);
      const heading = (field: string) => translate(`${FIELDS}.${field}`);
      const columns: CsvColumn<Promoter>[] = [
        { heading: heading('id'), value: (record) => record.id },
        { heading: heading('generalInfos.promoterName'), value: (record) => record.generalInfos.promoterName },
        {
          heading: heading('generalInfos.promoterTypesIds'),
          value: (record) => labelsText(promoterTypes, record.generalInfos.promoterTypesIds),
        },
        {
          heading: heading('generalInfos.evenTypesIds'),
          value: (record) => labelsText(eventTypes, record.generalInfos.evenTypesIds),
        },
        { heading: heading('generalInfos.email'), value: (record) => record.generalInfos.email },
        { heading: heading('generalInfos.phone'), value: (record) => record.generalInfos.phone },
        { heading: heading('generalInfos.urlSite'), value: (record) => record.generalInfos.urlSite },
        { heading: heading('generalInfos.urlBilletterie'), value: (record) => record.generalInfos.urlBilletterie },
        {
          heading: heading('specificInfos.musics'),
          value: (record) => labelsText(musics, record.specificInfos.musics),
        },
        {
          heading: heading('specificInfos.ambiance'),
          value: (record) => labelsText(ambiances, record.specificInfos.ambiance),
        },
        {
          heading: heading('additionalInfos.tagTerms'),
          value: (record) => Object.values(record.tagTerms ?? {}).join(', '),
        },
        {
          heading: heading('description.description'),
          value: (record) => record.description.description ?? plainTextOf(record.description.htmlDescription),
        },
        {
          heading: heading('visibility'),
          value: (record) => translate(`resources.partners.visibility.${record.visibility}`),
        },
        { heading: heading('updatedAt'), value: (record) => record.updatedAt },
      ];
      downloadCsv(toCsv(records, columns), translate('resources.promoters.exportFileName'));
    },
    [translate, locale],
  );
};
