import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Form, NumberInput, SaveButton, TextInput, useDataProvider, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { PROMO_CODE_DEFAULT_MAX_USAGE_COUNT } from '../../domain/enums';
import { PROMO_CODE_LIMITS, promoCodeBatchSchema, type PromoCode } from '../../domain/promoCode';
import { useNotifyResourceError } from '../shared/resourceErrors';
import { zodFormErrors } from '../shared/zodValidation';
import { PromoCodeTemplateInput } from './PromoCodeInputs';

const TEXTS = 'resources.promo-codes.bulk';

const validateBatch = (values: Record<string, unknown>) =>
  zodFormErrors(promoCodeBatchSchema, values, { prefix: 'resources.promo-codes.validation.codeCharacters' });

const upperCase = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

/** The codes just made, to copy at once (the list and the CSV export have them too). */
const CreatedCodes = ({ codes }: { codes: PromoCode[] }) => {
  const translate = useTranslate();
  const text = codes.map((code) => code.code).join('\n');
  return (
    <>
      <Alert severity="success" sx={{ mb: 2 }}>
        {translate(`${TEXTS}.created`, { smart_count: codes.length })}
      </Alert>
      <Box
        component="pre"
        aria-label={translate(`${TEXTS}.createdCodes`)}
        tabIndex={0}
        sx={{
          m: 0,
          p: 1.5,
          maxHeight: 240,
          overflow: 'auto',
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: 14,
        }}
      >
        {text}
      </Box>
      <Button sx={{ mt: 1 }} startIcon={<ContentCopyIcon />} onClick={() => void navigator.clipboard?.writeText(text)}>
        {translate(`${TEXTS}.copy`)}
      </Button>
    </>
  );
};

/**
 * Bulk creation: how many codes, their prefix, their maximum usage and their template, made in one request
 * (all or none); the dialog then shows the codes it made.
 */
export const BulkCreateDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const refresh = useRefresh();
  const notifyError = useNotifyResourceError();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [created, setCreated] = useState<PromoCode[] | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  const submit = async (values: Record<string, unknown>) => {
    try {
      const batch = promoCodeBatchSchema.parse(values);
      setCreated(await dataProvider.createPromoCodes(batch));
      refresh();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Dialog open={open} onClose={close} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="bulk-title">
      <DialogTitle id="bulk-title">{translate(`${TEXTS}.title`)}</DialogTitle>
      {created ? (
        <>
          <DialogContent>
            <CreatedCodes codes={created} />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('ra.action.close')}</Button>
          </DialogActions>
        </>
      ) : (
        <Form
          onSubmit={submit}
          validate={validateBatch}
          defaultValues={{ count: 10, prefix: '', maxUsageCount: PROMO_CODE_DEFAULT_MAX_USAGE_COUNT }}
        >
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate(`${TEXTS}.help`)}
            </Typography>
            <NumberInput
              source="count"
              label={`${TEXTS}.count`}
              min={1}
              max={PROMO_CODE_LIMITS.batchMax}
              step={1}
              helperText={translate(`${TEXTS}.countHelp`, { max: PROMO_CODE_LIMITS.batchMax })}
            />
            <TextInput
              source="prefix"
              label={`${TEXTS}.prefix`}
              parse={upperCase}
              helperText={`${TEXTS}.prefixHelp`}
              slotProps={{ htmlInput: { maxLength: PROMO_CODE_LIMITS.prefixMax, spellCheck: false } }}
            />
            <NumberInput source="maxUsageCount" label="resources.promo-codes.fields.maxUsageCount" min={1} step={1} />
            <PromoCodeTemplateInput />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('ra.action.cancel')}</Button>
            <SaveButton label={`${TEXTS}.submit`} alwaysEnable />
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
};
