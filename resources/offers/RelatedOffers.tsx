import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, LinearProgress, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import { RecordContextProvider, useCanAccess, useGetList, useLocale, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { spotsLeft, type Offer } from '../../domain/offer';
import { ReferenceNameField } from '../shared/ReferenceWithFallback';
import { OfferStatusChips } from './OfferStatus';
import { OFFERS_AREA, offerPath } from './paths';

const TEXT = 'resources.offers.related';

/** How many of them the section lists; the offers page has them all. */
export const RELATED_OFFERS_SHOWN = 10;

/** What a new offer starts with when created from this page: its establishment, its event. */
export type OfferPrefill = Partial<Pick<Offer, 'establishmentId' | 'promoterGroupId' | 'eventId'>>;

/** `/discount/create` with the form prefilled (react-admin reads `?source=` into the create form). */
export const newOfferPath = (prefill: OfferPrefill): string =>
  `${OFFERS_AREA}/create?source=${encodeURIComponent(JSON.stringify(prefill))}`;

interface RelatedOffersProps {
  /** The offers' filter: `{ establishmentId }` or `{ eventId }`. */
  filter: { establishmentId: number } | { eventId: number };
  prefill: OfferPrefill;
}

/**
 * The offers of an establishment or of an event, on its page: each with its status and spots left, opening it
 * under /discount, and "New offer" prefilled with the page's establishment or event for those who may create one.
 * Nothing for a viewer who may not read offers.
 */
export const RelatedOffers = ({ filter, prefill }: RelatedOffersProps) => {
  const translate = useTranslate();
  const { canAccess: canList } = useCanAccess({ resource: 'offers', action: 'list' });
  const { canAccess: canCreate } = useCanAccess({ resource: 'offers', action: 'create' });
  const { data, total, isPending, error } = useGetList<Offer>(
    'offers',
    { filter, sort: { field: 'id', order: 'DESC' }, pagination: { page: 1, perPage: RELATED_OFFERS_SHOWN } },
    { enabled: canList === true },
  );
  if (canList !== true) return null;
  const title = translate(`${TEXT}.title`);
  return (
    <Stack component="section" spacing={1} sx={{ width: '100%' }} aria-label={title}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="subtitle1" component="h2">
          {title}
        </Typography>
        {canCreate ? (
          <Button component={Link} to={newOfferPath(prefill)} startIcon={<AddIcon />} size="small">
            {translate(`${TEXT}.create`)}
          </Button>
        ) : null}
      </Stack>
      {isPending ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : error ? (
        <Alert severity="warning">{translate(`${TEXT}.loadError`)}</Alert>
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{translate(`${TEXT}.none`)}</Typography>
      ) : (
        <List dense aria-label={title}>
          {data.map((offer) => (
            <RecordContextProvider key={offer.id} value={offer}>
              <RelatedOffer offer={offer} />
            </RecordContextProvider>
          ))}
        </List>
      )}
      {total !== undefined && data !== undefined && total > data.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate(`${TEXT}.more`, { smart_count: total - data.length })}
        </Typography>
      ) : null}
    </Stack>
  );
};

const RelatedOffer = ({ offer }: { offer: Offer }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const numbers = new Intl.NumberFormat(locale);
  const spots =
    offer.offerType === 'EXCLUSIVE'
      ? translate('resources.offers.spots.left', {
          left: numbers.format(spotsLeft(offer)),
          total: numbers.format(offer.availableSpots),
        })
      : translate('resources.offers.spots.unlimited');
  return (
    <ListItemButton component={Link} to={offerPath(offer.id)} sx={{ gap: 1, flexWrap: 'wrap' }}>
      <ListItemText
        primary={<ReferenceNameField source="promotionId" reference="offer-templates" nameSource="shortTitle" />}
        secondary={`${translate(`resources.offers.types.${offer.offerType}`)} · ${spots}`}
      />
      <OfferStatusChips record={offer} />
    </ListItemButton>
  );
};
