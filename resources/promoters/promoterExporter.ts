import type { Exporter } from 'react-admin';
import type { Promoter } from '../../domain/promoter';
import type { CsvColumn } from '../shared/partner/csv';
import { usePartnerExporter, type PartnerCsvTools } from '../shared/partner/partnerExporter';

const REFERENCES = {
  promoterTypes: { kind: 'promoter-types', idsOf: (record: Promoter) => record.generalInfos.promoterTypesIds },
  eventTypes: { kind: 'event-types', idsOf: (record: Promoter) => record.generalInfos.evenTypesIds },
} as const;

const columnsOf = ({
  heading,
  labels,
  contact,
  specific,
  closing,
}: PartnerCsvTools<Promoter, keyof typeof REFERENCES>): CsvColumn<Promoter>[] => [
  { heading: heading('id'), value: (record) => record.id },
  { heading: heading('generalInfos.promoterName'), value: (record) => record.generalInfos.promoterName },
  {
    heading: heading('generalInfos.promoterTypesIds'),
    value: (record) => labels('promoterTypes', record.generalInfos.promoterTypesIds),
  },
  {
    heading: heading('generalInfos.evenTypesIds'),
    value: (record) => labels('eventTypes', record.generalInfos.evenTypesIds),
  },
  ...contact,
  ...specific,
  ...closing,
];

/** The CSV export of the promoter groups list: flat rows, labels in the reader's language, no HTML. */
export const usePromoterExporter = (): Exporter<Promoter> => usePartnerExporter('promoters', REFERENCES, columnsOf);
