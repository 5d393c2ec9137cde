import { Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SimpleForm,
  useGetIdentity,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { OfferKind } from '../../domain/enums';
import { offerInputSchema } from '../../domain/offer';
import { LocalDateInput, LocalTimeInput, ReferenceDataInput } from '../shared/inputs';
import { zodFormErrors } from '../shared/zodValidation';
import { OccurrencePicker } from './OccurrencePicker';

/** The owner a new offer starts with: the viewer's establishment or promoter group (none for platform roles). */
export interface OfferOwner {
  establishmentId: number | null;
  promoterGroupId: number | null;
}

/** A fresh offer of one type: what creating starts with, and what switching the type resets to. */
export const offerDefaults = (offerType: OfferKind, owner: OfferOwner): Record<string, unknown> => {
  const shared = { offerType, ...owner, eventId: null, offerTypeId: null, promotionId: null };
  return offerType === 'EXCLUSIVE'
    ? { ...shared, availableSpots: 10, startDate: '', startTime: '', endDate: '', endTime: '' }
    : { ...shared, isActivated: true };
};

/** The server's schema (domain/offer.ts), each problem on its field. */
export const validateOffer = (values: Record<string, unknown>) => zodFormErrors(offerInputSchema, values);

export const useOfferOwner = (): { owner: OfferOwner; isPending: boolean } => {
  const { identity, isPending } = useGetIdentity();
  return {
    owner: {
      establishmentId: (identity?.establishmentId as number | null | undefined) ?? null,
      promoterGroupId: (identity?.promoterGroupId as number | null | undefined) ?? null,
    },
    isPending,
  };
};

/**
 * Switching the type resets the offer's data to the new type's defaults but keeps its id, version and
 * visibility (the specification's toggle); the owner goes back to the viewer's.
 */
const TypeSwitchReset = ({ owner }: { owner: OfferOwner }) => {
  const { getValues, reset } = useFormContext();
  const offerType = useWatch({ name: 'offerType' }) as OfferKind;
  const previous = useRef(offerType);
  useEffect(() => {
    if (previous.current === offerType) return;
    const switchedFrom = previous.current;
    previous.current = offerType;
    // The record arriving in the form is no switch.
    if (!switchedFrom || !offerType) return;
    const { id, version, visibility } = getValues();
    const kept = Object.fromEntries(Object.entries({ id, version, visibility }).filter(([, value]) => value != null));
    reset({ ...offerDefaults(offerType, owner), ...kept }, { keepDefaultValues: true });
  }, [offerType, owner, getValues, reset]);
  return null;
};

const OwnerInputs = () => (
  <Stack sx={{ width: '100%' }}>
    <ReferenceInput source="establishmentId" reference="establishments">
      <AutocompleteInput
        label="resources.offers.fields.establishmentId"
        optionText={(record: { generalInfos?: { establishmentName?: string } }) =>
          record.generalInfos?.establishmentName ?? ''
        }
      />
    </ReferenceInput>
    <ReferenceInput source="promoterGroupId" reference="promoters">
      <AutocompleteInput
        label="resources.offers.fields.promoterGroupId"
        optionText={(record: { generalInfos?: { promoterName?: string } }) => record.generalInfos?.promoterName ?? ''}
      />
    </ReferenceInput>
  </Stack>
);

const ExclusiveInputs = () => {
  const translate = useTranslate();
  return (
    <>
      <NumberInput source="availableSpots" label="resources.offers.fields.availableSpots" min={1} step={1} />
      <Typography variant="subtitle2">{translate('resources.offers.sections.window')}</Typography>
      <OccurrencePicker />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <LocalDateInput source="startDate" label="resources.offers.fields.startDate" />
        <LocalTimeInput source="startTime" label="resources.offers.fields.startTime" />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <LocalDateInput source="endDate" label="resources.offers.fields.endDate" />
        <LocalTimeInput source="endTime" label="resources.offers.fields.endTime" />
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ mb: 2 }}>
        {translate('resources.offers.help.endTime')}
      </Typography>
    </>
  );
};

/**
 * What create and edit share: the type toggle, the template (approved ones), the event, the offer type, then
 * the type's own fields.
 */
export const OfferInputs = ({ owner }: { owner: OfferOwner }) => {
  const offerType = useWatch({ name: 'offerType' }) as OfferKind;
  const platform = owner.establishmentId === null && owner.promoterGroupId === null;
  return (
    <>
      <TypeSwitchReset owner={owner} />
      <RadioButtonGroupInput
        source="offerType"
        label="resources.offers.fields.offerType"
        choices={[
          { id: 'EXCLUSIVE', name: 'resources.offers.types.EXCLUSIVE' },
          { id: 'RECURRENT', name: 'resources.offers.types.RECURRENT' },
        ]}
      />
      {platform ? <OwnerInputs /> : null}
      <ReferenceInput source="promotionId" reference="offer-templates" filter={{ approvalStatus: 'APPROVED' }}>
        <AutocompleteInput
          label="resources.offers.fields.promotionId"
          optionText={(record: { longTitle?: string }) => record.longTitle ?? ''}
        />
      </ReferenceInput>
      <ReferenceInput source="eventId" reference="events">
        <AutocompleteInput
          label="resources.offers.fields.eventId"
          optionText={(record: { generalInfos?: { eventTitle?: string } }) => record.generalInfos?.eventTitle ?? ''}
        />
      </ReferenceInput>
      <ReferenceDataInput source="offerTypeId" kind="offer-types" label="resources.offers.fields.offerTypeId" />
      {offerType === 'EXCLUSIVE' ? (
        <ExclusiveInputs />
      ) : (
        <BooleanInput source="isActivated" label="resources.offers.fields.isActivated" />
      )}
    </>
  );
};

export const OfferForm = ({ owner, ...props }: Omit<SimpleFormProps, 'children'> & { owner: OfferOwner }) => (
  <SimpleForm validate={validateOffer} {...props}>
    <OfferInputs owner={owner} />
  </SimpleForm>
);
