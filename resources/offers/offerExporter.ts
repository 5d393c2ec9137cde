import { useTranslate, type Exporter } from 'react-admin';
import { spotsLeft, type Offer } from '../../domain/offer';
import { downloadCsv, toCsv, type CsvColumn } from '../shared/partner/csv';

/** The list's CSV: one row per offer, headings and values in the interface language, both types' fields. */
export const useOfferExporter = (): Exporter<Offer> => {
  const translate = useTranslate();
  const heading = (field: string) => translate(`resources.offers.fields.${field}`);
  const exclusive = (offer: Offer, value: (offer: Extract<Offer, { offerType: 'EXCLUSIVE' }>) => string | number) =>
    offer.offerType === 'EXCLUSIVE' ? value(offer) : '';
  const columns: CsvColumn<Offer>[] = [
    { heading: 'id', value: (offer) => offer.id },
    { heading: heading('offerType'), value: (offer) => translate(`resources.offers.types.${offer.offerType}`) },
    { heading: heading('promotionId'), value: (offer) => offer.promotionId },
    { heading: heading('establishmentId'), value: (offer) => offer.establishmentId },
    { heading: heading('promoterGroupId'), value: (offer) => offer.promoterGroupId },
    { heading: heading('eventId'), value: (offer) => offer.eventId },
    { heading: heading('offerTypeId'), value: (offer) => offer.offerTypeId },
    { heading: heading('availableSpots'), value: (offer) => exclusive(offer, (one) => one.availableSpots) },
    { heading: heading('claimedSpots'), value: (offer) => offer.claimedSpots },
    { heading: heading('spotsLeft'), value: (offer) => exclusive(offer, (one) => spotsLeft(one)) },
    { heading: heading('startDate'), value: (offer) => exclusive(offer, (one) => one.startDate) },
    { heading: heading('startTime'), value: (offer) => exclusive(offer, (one) => one.startTime) },
    { heading: heading('endDate'), value: (offer) => exclusive(offer, (one) => one.endDate) },
    { heading: heading('endTime'), value: (offer) => exclusive(offer, (one) => one.endTime) },
    {
      heading: heading('isActivated'),
      value: (offer) =>
        offer.offerType === 'RECURRENT' ? translate(offer.isActivated ? 'ra.boolean.true' : 'ra.boolean.false') : '',
    },
    { heading: heading('visibility'), value: (offer) => translate(`resources.offers.visibility.${offer.visibility}`) },
    { heading: heading('status'), value: (offer) => translate(`resources.offers.status.${offer.status}`) },
  ];
  return (offers) => downloadCsv(toCsv(offers, columns), 'offers');
};
