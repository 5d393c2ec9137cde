import { Box, Chip, LinearProgress, Typography, type ChipProps } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { PromoCode, PromoCodeStatus } from '../../domain/promoCode';

const STATUS_COLORS: Record<PromoCodeStatus, ChipProps['color']> = {
  ACTIVE: 'success',
  NOT_YET_VALID: 'info',
  EXPIRED: 'default',
  USED_UP: 'warning',
  DISABLED: 'default',
};

/** The code's status as a chip (the server works it out: domain/promoCode.ts promoCodeStatus). */
export const PromoCodeStatusChip = ({ status }: { status?: PromoCodeStatus }) => {
  const translate = useTranslate();
  const record = useRecordContext<PromoCode>();
  const shown = status ?? record?.status;
  if (!shown) return null;
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[shown]}
      variant={shown === 'DISABLED' ? 'outlined' : 'filled'}
      label={translate(`resources.promo-codes.status.${shown}`)}
    />
  );
};

/** Uses against the maximum: a bar and "37 / 200" in the reader's number format. */
export const UsageBar = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const record = useRecordContext<PromoCode>();
  if (!record) return null;
  const format = new Intl.NumberFormat(locale);
  const ratio = record.maxUsageCount > 0 ? Math.min(1, record.usageCount / record.maxUsageCount) : 0;
  const text = translate('resources.promo-codes.usage.text', {
    used: format.format(record.usageCount),
    max: format.format(record.maxUsageCount),
  });
  return (
    <Box sx={{ minWidth: 120, maxWidth: 200 }}>
      <LinearProgress
        variant="determinate"
        value={ratio * 100}
        color={ratio >= 1 ? 'warning' : 'primary'}
        aria-label={translate('resources.promo-codes.fields.usageCount')}
        aria-valuetext={text}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
};
