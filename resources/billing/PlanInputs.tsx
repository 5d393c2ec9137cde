import { Box, Stack, Typography } from '@mui/material';
import { BooleanInput, NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { BILLING_INTERVALS, BILLING_LIMITS, planInputSchema } from '../../domain/billing';
import { LANGUAGES } from '../../domain/languages';
import { zodFormErrors } from '../shared/zodValidation';
import { TEXTS } from './BillingChips';
import { FrancsInput } from './FrancsInput';

const PLANS = 'resources.plans';

/** The server's schema (domain/billing.ts planInputSchema): a name in each language, a price, an interval. */
export const validatePlan = (values: Record<string, unknown>) => zodFormErrors(planInputSchema, values);

/** The fields of a plan, shared by the create and the edit drawer. */
export const PlanInputs = () => {
  const translate = useTranslate();
  const intervalChoices = BILLING_INTERVALS.map((interval) => ({
    id: interval,
    name: translate(`${TEXTS}.interval.${interval}`),
  }));
  return (
    <Stack sx={{ width: '100%' }}>
      <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
        {translate(`${PLANS}.sections.name`)}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {LANGUAGES.map((language) => (
          <TextInput
            key={language}
            source={`name.${language}`}
            label={`${PLANS}.fields.nameIn.${language}`}
            slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.planName } }}
          />
        ))}
      </Box>
      <TextInput
        source="description"
        label={`${PLANS}.fields.description`}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.planDescription } }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        <FrancsInput
          source="priceCentimes"
          label={`${PLANS}.fields.price`}
          helperText={`${PLANS}.helpers.price`}
          sx={{ width: { xs: '100%', sm: '12rem' } }}
        />
        <SelectInput
          source="interval"
          label={`${PLANS}.fields.interval`}
          choices={intervalChoices}
          sx={{ width: { xs: '100%', sm: '12rem' } }}
        />
      </Box>
      <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
        {translate(`${PLANS}.sections.features`)}
      </Typography>
      <BooleanInput
        source="features.proLogo"
        label={`${PLANS}.fields.proLogo`}
        helperText={`${PLANS}.helpers.proLogo`}
      />
      <NumberInput
        source="features.exclusiveOffersPerMonth"
        label={`${PLANS}.fields.exclusiveOffersPerMonth`}
        helperText={`${PLANS}.helpers.exclusiveOffersPerMonth`}
        min={0}
        max={BILLING_LIMITS.exclusiveOffersPerMonth}
        step={1}
        sx={{ width: { xs: '100%', sm: '20rem' } }}
      />
      <BooleanInput source="isActive" label={`${PLANS}.fields.isActive`} helperText={`${PLANS}.helpers.isActive`} />
    </Stack>
  );
};
