import { useCallback } from 'react';
import { useLocaleState, useTranslate, type Exporter } from 'react-admin';
import type { Establishment } from '../../domain/establishment';
import { isLanguage, DEFAULT_LANGUAGE } from '../../domain/languages';
import {
  downloadCsv,
  fetchReferenceLabels,
  happyHoursText,
  labelsText,
  plainTextOf,
  toCsv,
  workSchedulesText,
  type CsvColumn,
} from '../shared/partner/csv';

const FIELDS = 'resources.establishments.fields';

/**
 * The CSV export of the establishments list (the current search, filters and sort): one flat row per
 * venue, headings and labels in the reader's language, opening and happy hours as text, no HTML.
 */
export const useEstablishmentExporter = (): Exporter<Establishment> => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useCallback(
    async (records, _fetchRelated, dataProvider) => {
      const language = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
      const [types, musics, ambiances] = await Promise.all([
        fetchReferenceLabels(
          dataProvider,
          'establishment-types',
          records.flatMap((record) => [
            record.generalInfos.establishmentTypeId,
            ...record.generalInfos.establishmentSecondaryTypeIds,
          ]),
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
      const columns: CsvColumn<Establishment>[] = [
        { heading: heading('id'), value: (record) => record.id },
        {
          heading: heading('generalInfos.establishmentName'),
          value: (record) => record.generalInfos.establishmentName,
        },
        {
          heading: heading('generalInfos.establishmentTypeId'),
          value: (record) => labelsText(types, [record.generalInfos.establishmentTypeId]),
        },
        {
          heading: heading('generalInfos.establishmentSecondaryTypeIds'),
          value: (record) => labelsText(types, record.generalInfos.establishmentSecondaryTypeIds),
        },
        { heading: heading('generalInfos.localisation'), value: (record) => record.generalInfos.localisation },
        { heading: heading('generalInfos.city'), value: (record) => record.generalInfos.city },
        { heading: heading('generalInfos.lat'), value: (record) => record.generalInfos.lat },
        { heading: heading('generalInfos.lang'), value: (record) => record.generalInfos.lang },
        { heading: heading('generalInfos.email'), value: (record) => record.generalInfos.email },
        { heading: heading('generalInfos.phone'), value: (record) => record.generalInfos.phone },
        { heading: heading('generalInfos.urlSite'), value: (record) => record.generalInfos.urlSite },
        { heading: heading('generalInfos.urlBilletterie'), value: (record) => record.generalInfos.urlBilletterie },
        {
          heading: heading('generalInfos.workSchedules'),
          value: (record) => workSchedulesText(record.generalInfos.workSchedules, locale),
        },
        {
          heading: heading('specificInfos.musics'),
          value: (record) => labelsText(musics, record.specificInfos.musics),
        },
        {
          heading: heading('specificInfos.ambiance'),
          value: (record) => labelsText(ambiances, record.specificInfos.ambiance),
        },
        { heading: heading('additionalInfos.ageMin'), value: (record) => record.additionalInfos.ageMin },
        { heading: heading('additionalInfos.tarifMin'), value: (record) => record.additionalInfos.tarifMin },
        { heading: heading('additionalInfos.tarifMax'), value: (record) => record.additionalInfos.tarifMax },
        {
          heading: heading('additionalInfos.internalCapacity'),
          value: (record) => record.additionalInfos.internalCapacity,
        },
        {
          heading: heading('additionalInfos.externalCapacity'),
          value: (record) => record.additionalInfos.externalCapacity,
        },
        {
          heading: heading('additionalInfos.happyHours'),
          value: (record) => happyHoursText(record.additionalInfos.happyHours, locale),
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
      downloadCsv(toCsv(records, columns), translate('resources.establishments.exportFileName'));
    },
    [translate, locale],
  );
};
