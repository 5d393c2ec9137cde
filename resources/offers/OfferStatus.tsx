import { Box, Chip, LinearProgress, Stack, Typography, type ChipProps } from '@mui/material';
import { useLocale, useRecordContext, useTranslate } from 'react-admin';
import { spotsLeft, type Offer, type OfferStatus } from '../../domain/offer';

const STATUS_COLORS: Record<OfferStatus, ChipProps['color']> = {
  draft: 'default',
  upcoming: 'info',
  running: 'success',
  soldOut: 'warning',
  ended: 'default',
  paused: 'default',
};

/** The offer's chips: published or draft, then what it is now (upcoming, running, sold out, ended, paused). */
export const OfferStatusChips = ({ record: given }: { record?: Offer }) => {
  const translate = useTranslate();
  const record = useRecordContext<Offer>({ record: given });
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      <Chip
        size="small"
        variant={record.visibility === 'PUBLISHED' ? 'filled' : 'outlined'}
        color={record.visibility === 'PUBLISHED' ? 'primary' : 'default'}
        label={translate(`resources.offers.visibility.${record.visibility}`)}
      />
      {record.status === 'draft' ? null : (
        <Chip
          size="small"
          variant={record.status === 'ended' ? 'outlined' : 'filled'}
          color={STATUS_COLORS[record.status]}
          label={translate(`resources.offers.status.${record.status}`)}
        />
      )}
    </Stack>
  );
};

/** Spots left against spots offered, as a bar with the numbers in the interface language. */
export const SpotsBar = ({ record: given }: { record?: Offer }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const record = useRecordContext<Offer>({ record: given });
  if (!record) return null;
  if (record.offerType !== 'EXCLUSIVE') {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.offers.spots.unlimited')}
      </Typography>
    );
  }
  const left = spotsLeft(record);
  const numbers = new Intl.NumberFormat(locale);
  // The bar fills with what is left, as its label reads ("9 of 10 left"), and warns when a tenth or less is.
  const share = record.availableSpots > 0 ? (left / record.availableSpots) * 100 : 0;
  const label = translate('resources.offers.spots.left', {
    left: numbers.format(left),
    total: numbers.format(record.availableSpots),
  });
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="body2">{label}</Typography>
      <LinearProgress
        variant="determinate"
        value={share}
        color={share <= 10 ? 'warning' : 'primary'}
        aria-label={label}
        sx={{ height: 6, borderRadius: 3 }}
      />
    </Box>
  );
};
