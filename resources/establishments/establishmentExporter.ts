import type { Exporter } from 'react-admin';
import type { Establishment } from '../../domain/establishment';
import { happyHoursText, workSchedulesText, type CsvColumn } from '../shared/partner/csv';
import { usePartnerExporter, type PartnerCsvTools } from '../shared/partner/partnerExporter';

const REFERENCES = {
  types: {
    kind: 'establishment-types',
    idsOf: (record: Establishment) => [
      record.generalInfos.establishmentTypeId,
      ...record.generalInfos.establishmentSecondaryTypeIds,
    ],
  },
} as const;

const columnsOf = ({
  heading,
  labels,
  locale,
  contact,
  specific,
  closing,
}: PartnerCsvTools<Establishment, keyof typeof REFERENCES>): CsvColumn<Establishment>[] => [
  { heading: heading('id'), value: (record) => record.id },
  { heading: heading('generalInfos.establishmentName'), value: (record) => record.generalInfos.establishmentName },
  {
    heading: heading('generalInfos.establishmentTypeId'),
    value: (record) => labels('types', [record.generalInfos.establishmentTypeId]),
  },
  {
    heading: heading('generalInfos.establishmentSecondaryTypeIds'),
    value: (record) => labels('types', record.generalInfos.establishmentSecondaryTypeIds),
  },
  { heading: heading('generalInfos.localisation'), value: (record) => record.generalInfos.localisation },
  { heading: heading('generalInfos.city'), value: (record) => record.generalInfos.city },
  { heading: heading('generalInfos.lat'), value: (record) => record.generalInfos.lat },
  { heading: heading('generalInfos.lang'), value: (record) => record.generalInfos.lang },
  ...contact,
  {
    heading: heading('generalInfos.workSchedules'),
    value: (record) => workSchedulesText(record.generalInfos.workSchedules, locale),
  },
  ...specific,
  { heading: heading('additionalInfos.ageMin'), value: (record) => record.additionalInfos.ageMin },
  { heading: heading('additionalInfos.tarifMin'), value: (record) => record.additionalInfos.tarifMin },
  { heading: heading('additionalInfos.tarifMax'), value: (record) => record.additionalInfos.tarifMax },
  { heading: heading('additionalInfos.internalCapacity'), value: (record) => record.additionalInfos.internalCapacity },
  { heading: heading('additionalInfos.externalCapacity'), value: (record) => record.additionalInfos.externalCapacity },
  {
    heading: heading('additionalInfos.happyHours'),
    value: (record) => happyHoursText(record.additionalInfos.happyHours, locale),
  },
  ...closing,
];

/**
 * The CSV export of the establishments list: one flat row per venue, headings and labels in the reader's
 * language, opening and happy hours as text, no HTML.
 */
export const useEstablishmentExporter = (): Exporter<Establishment> =>
  usePartnerExporter('establishments', REFERENCES, columnsOf);
