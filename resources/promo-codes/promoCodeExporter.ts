import { useCallback } from 'react';
import { useTranslate, type Exporter } from 'react-admin';
import type { PromoCode, PromoCodeTemplate } from '../../domain/promoCode';
import { downloadCsv, toCsv, type CsvColumn } from '../shared/partner/csv';

const TEXTS = 'resources.promo-codes';

/**
 * The CSV export of the codes list (its search, filters and sort): code, status, usage and template by name,
 * headings and statuses in the reader's language.
 */
export const usePromoCodeExporter = (): Exporter<PromoCode> => {
  const translate = useTranslate();
  return useCallback(
    async (records, fetchRelated) => {
      const templates = (await fetchRelated(records, 'promoCodeTemplateId', 'promo-code-templates')) as Record<
        string,
        PromoCodeTemplate | undefined
      >;
      const columns: CsvColumn<PromoCode>[] = [
        { heading: translate(`${TEXTS}.fields.code`), value: (code) => code.code },
        { heading: translate(`${TEXTS}.fields.status`), value: (code) => translate(`${TEXTS}.status.${code.status}`) },
        { heading: translate(`${TEXTS}.fields.usageCount`), value: (code) => code.usageCount },
        { heading: translate(`${TEXTS}.fields.maxUsageCount`), value: (code) => code.maxUsageCount },
        {
          heading: translate(`${TEXTS}.fields.promoCodeTemplateId`),
          value: (code) => templates[code.promoCodeTemplateId]?.name ?? '',
        },
      ];
      downloadCsv(toCsv(records, columns), translate(`${TEXTS}.exportFileName`));
    },
    [translate],
  );
};
