import { useEffect, useRef } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useGetOne,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  BILLING_LIMITS,
  PARTNER_KINDS,
  subscriptionCreateSchema,
  subscriptionUpdateSchema,
  type PartnerKind,
  type Plan,
  type Subscription,
} from '../../domain/billing';
import type { Establishment } from '../../domain/establishment';
import { LANGUAGES, LOCALES } from '../../domain/languages';
import type { Promoter } from '../../domain/promoter';
import { LocalDateInput } from '../shared/inputs/DateTimeTextInput';
import { zodFormErrors } from '../shared/zodValidation';
import { TEXTS } from './BillingChips';
import { planLabelIn, useBillingFormat, usePlansOf } from './billingFormat';

const SUBSCRIPTIONS = 'resources.subscriptions';

/** An empty start date is left out: the server starts the subscription today (Europe/Zurich). */
export const subscriptionCreateBody = (data: Record<string, unknown>) => {
  const { partner, planId, startsOn, billingAddress, invoiceEmail, language } = data;
  return {
    partner,
    planId,
    ...(typeof startsOn === 'string' && startsOn !== '' ? { startsOn } : {}),
    billingAddress,
    invoiceEmail,
    language,
  };
};

/** What an edit sends: the fields the server changes (subscriptionUpdateSchema), with the version read. */
export const subscriptionUpdateBody = (data: Record<string, unknown>) => {
  const { planId, cancelAtPeriodEnd, billingAddress, invoiceEmail, language, version } = data;
  return { planId, cancelAtPeriodEnd, billingAddress, invoiceEmail, language, version };
};

export const validateSubscriptionCreate = (values: Record<string, unknown>) =>
  zodFormErrors(subscriptionCreateSchema, subscriptionCreateBody(values), {
    'billingAddress.country': `${SUBSCRIPTIONS}.validation.country`,
  });

export const validateSubscriptionUpdate = (values: Record<string, unknown>) =>
  zodFormErrors(subscriptionUpdateSchema, subscriptionUpdateBody(values), {
    'billingAddress.country': `${SUBSCRIPTIONS}.validation.country`,
  });

const REFERENCE_OF: Record<PartnerKind, 'establishments' | 'promoters'> = {
  ESTABLISHMENT: 'establishments',
  PROMOTER_GROUP: 'promoters',
};

/** What a partner's record tells of its billing address: its name, its town (venues), its e-mail. */
const prefillOf = (kind: PartnerKind, record: Establishment | Promoter) => {
  if (kind === 'ESTABLISHMENT') {
    const { establishmentName, city, email } = (record as Establishment).generalInfos;
    return { 'billingAddress.name': establishmentName, 'billingAddress.town': city, invoiceEmail: email };
  }
  const { promoterName, email } = (record as Promoter).generalInfos;
  return { 'billingAddress.name': promoterName, invoiceEmail: email };
};

/**
 * Fills the billing address from the chosen partner where it is known (name, town, e-mail). A field the user
 * typed is kept; one the previous partner filled follows the new one.
 */
const PartnerPrefill = () => {
  const { getValues, setValue } = useFormContext();
  const kind = useWatch({ name: 'partner.kind' }) as PartnerKind | undefined;
  const id = useWatch({ name: 'partner.id' }) as number | null | undefined;
  const filled = useRef<Record<string, string>>({});
  const { data } = useGetOne<Establishment | Promoter>(
    kind ? REFERENCE_OF[kind] : 'establishments',
    { id: id ?? 0 },
    { enabled: Boolean(kind && id) },
  );
  useEffect(() => {
    if (!kind || !data || data.id !== id) return;
    for (const [field, value] of Object.entries(prefillOf(kind, data))) {
      if (!value) continue;
      const current = getValues(field) as unknown;
      if (current === '' || current === null || current === undefined || current === filled.current[field]) {
        setValue(field, value, { shouldDirty: true, shouldValidate: false });
        filled.current[field] = value;
      }
    }
  }, [kind, id, data, getValues, setValue]);
  return null;
};

/** The establishment or promoter group that subscribes: the kind, then the partner of that kind. */
const PartnerPicker = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const kind = useWatch({ name: 'partner.kind' }) as PartnerKind | undefined;
  const kindChoices = PARTNER_KINDS.map((partnerKind) => ({
    id: partnerKind,
    name: translate(`${TEXTS}.partnerKind.${partnerKind}`),
  }));
  return (
    <>
      <RadioButtonGroupInput
        source="partner.kind"
        label={`${SUBSCRIPTIONS}.fields.partnerKind`}
        choices={kindChoices}
        onChange={() => setValue('partner.id', null)}
        helperText={false}
      />
      {kind ? (
        <ReferenceInput key={kind} source="partner.id" reference={REFERENCE_OF[kind]}>
          <AutocompleteInput
            label={`${SUBSCRIPTIONS}.fields.${kind === 'ESTABLISHMENT' ? 'establishment' : 'promoterGroup'}`}
            filterToQuery={(q: string) => ({ q })}
            helperText={`${SUBSCRIPTIONS}.helpers.partner`}
          />
        </ReferenceInput>
      ) : null}
      <PartnerPrefill />
    </>
  );
};

/** The active plans (an inactive one is offered to no new subscription), named in the interface language. */
const PlanInput = ({ helperText }: { helperText?: string }) => {
  const [locale] = useLocaleState();
  return (
    <ReferenceInput
      source="planId"
      reference="plans"
      filter={{ isActive: true }}
      sort={{ field: 'priceCentimes', order: 'ASC' }}
    >
      <SelectInput
        label={`${SUBSCRIPTIONS}.fields.planId`}
        optionText={(plan: Plan) => planLabelIn(plan, locale)}
        helperText={helperText ?? false}
      />
    </ReferenceInput>
  );
};

/** The structured address of QR-bills: street and building number apart, postal code and town apart. */
const BillingAddressInputs = () => {
  const translate = useTranslate();
  const languageChoices = LANGUAGES.map((language) => ({
    id: language,
    name: LOCALES.find((entry) => entry.locale === language)?.name ?? language,
  }));
  const field = (name: string) => `${SUBSCRIPTIONS}.fields.billingAddress.${name}`;
  return (
    <>
      <Typography component="h3" variant="subtitle2" sx={{ mt: 1, mb: 1 }}>
        {translate(`${SUBSCRIPTIONS}.sections.billingAddress`)}
      </Typography>
      <TextInput
        source="billingAddress.name"
        label={field('name')}
        slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.addressName } }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '3fr 1fr' }, columnGap: 2 }}>
        <TextInput
          source="billingAddress.street"
          label={field('street')}
          slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.street } }}
        />
        <TextInput
          source="billingAddress.buildingNumber"
          label={field('buildingNumber')}
          slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.buildingNumber } }}
        />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr 1fr' }, columnGap: 2 }}>
        <TextInput
          source="billingAddress.postalCode"
          label={field('postalCode')}
          slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.postalCode } }}
        />
        <TextInput
          source="billingAddress.town"
          label={field('town')}
          slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.town } }}
        />
        <TextInput
          source="billingAddress.country"
          label={field('country')}
          helperText={`${SUBSCRIPTIONS}.helpers.country`}
          slotProps={{ htmlInput: { maxLength: 2 } }}
        />
      </Box>
      <TextInput
        source="invoiceEmail"
        label={`${SUBSCRIPTIONS}.fields.invoiceEmail`}
        type="email"
        slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.email } }}
      />
      <SelectInput
        source="language"
        label={`${SUBSCRIPTIONS}.fields.language`}
        helperText={`${SUBSCRIPTIONS}.helpers.language`}
        choices={languageChoices}
      />
    </>
  );
};

/** A new subscription: the partner, the plan, the first day, where and in which language invoices go. */
export const SubscriptionCreateInputs = () => (
  <Stack sx={{ width: '100%' }}>
    <PartnerPicker />
    <PlanInput />
    <LocalDateInput
      source="startsOn"
      label={`${SUBSCRIPTIONS}.fields.startsOn`}
      helperText={`${SUBSCRIPTIONS}.helpers.startsOn`}
      fullWidth
    />
    <BillingAddressInputs />
  </Stack>
);

/** "Ends on 31/12/2026" beside the cancellation switch, once it is on. */
const CancellationHint = () => {
  const translate = useTranslate();
  const format = useBillingFormat();
  const record = useRecordContext<Subscription>();
  const cancel = useWatch({ name: 'cancelAtPeriodEnd' }) as boolean | undefined;
  if (!record || !cancel) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {translate(`${SUBSCRIPTIONS}.cancelHint`, { date: format.day(record.currentPeriodEnd) })}
    </Alert>
  );
};

/** Where the subscription stands: its partner, current plan and period, and the plan planned next. */
const SubscriptionSummary = () => {
  const translate = useTranslate();
  const format = useBillingFormat();
  const record = useRecordContext<Subscription>();
  const plans = usePlansOf(record);
  const plan = plans.find((candidate) => candidate.id === record?.planId);
  const nextPlan = plans.find((candidate) => candidate.id === record?.nextPlanId);
  if (!record) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {record.partner.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`${TEXTS}.partnerKind.${record.partner.kind}`)}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {translate(`${SUBSCRIPTIONS}.currentPlan`, {
          plan: format.planName(plan),
          period: format.period(record.currentPeriodStart, record.currentPeriodEnd),
        })}
      </Typography>
      {record.nextPlanId ? (
        <Typography variant="body2">
          {translate(`${SUBSCRIPTIONS}.nextPlanFrom`, {
            plan: format.planName(nextPlan),
            date: format.day(record.currentPeriodEnd),
          })}
        </Typography>
      ) : null}
    </Box>
  );
};

/** A change: another plan from the next period, a cancellation at the period's end, the address. */
export const SubscriptionEditInputs = () => (
  <Stack sx={{ width: '100%' }}>
    <SubscriptionSummary />
    <PlanInput helperText={`${SUBSCRIPTIONS}.helpers.planChange`} />
    <BooleanInput
      source="cancelAtPeriodEnd"
      label={`${SUBSCRIPTIONS}.fields.cancelAtPeriodEnd`}
      helperText={`${SUBSCRIPTIONS}.helpers.cancelAtPeriodEnd`}
    />
    <CancellationHint />
    <BillingAddressInputs />
  </Stack>
);
