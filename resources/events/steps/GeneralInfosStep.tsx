import { Alert } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  ReferenceInput,
  TextInput,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { EVENT_LIMITS, type EventFlow } from '../../../domain/event';
import type { Establishment } from '../../../domain/establishment';
import type { Promoter } from '../../../domain/promoter';
import { AddressInput, ReferenceDataArrayInput, ReferenceDataInput } from '../../shared/inputs';
import { ApprovalNotice } from '../approval';

const FIELDS = 'resources.events.fields.generalInfos';

const establishmentName = (record: Establishment) => record.generalInfos.establishmentName;
const promoterName = (record: Promoter) => record.generalInfos.promoterName;

/** The address fields a venue pick copies into the request (the promoter may change them after). */
const ADDRESS_FIELDS = ['localisation', 'lat', 'lang', 'city', 'placeId'] as const;

/**
 * The venue. Staff of one venue write for it only (fixed); the platform picks any. A promoter picks among
 * published venues, and the pick fills the event's address from the venue's.
 */
const EstablishmentPicker = ({ flow, fixed }: { flow: EventFlow; fixed: boolean }) => {
  const { setValue } = useFormContext();
  const fillAddress = (_id: unknown, record: RaRecord | '') => {
    if (flow !== 'promoter' || !record) return;
    const venue = record as Establishment;
    for (const field of ADDRESS_FIELDS) {
      setValue(`generalInfos.${field}`, venue.generalInfos[field] ?? null, { shouldDirty: true, shouldValidate: true });
    }
  };
  return (
    <ReferenceInput
      source="generalInfos.establishmentId"
      reference="establishments"
      filter={flow === 'promoter' ? { visibility: 'PUBLISHED' } : {}}
      sort={{ field: 'establishmentName', order: 'ASC' }}
    >
      <AutocompleteInput
        label={`${FIELDS}.establishmentId`}
        optionText={establishmentName}
        filterToQuery={(q: string) => ({ q })}
        readOnly={fixed}
        onChange={fillAddress}
        helperText={flow === 'promoter' ? 'resources.events.hints.establishmentFillsAddress' : false}
        isRequired
      />
    </ReferenceInput>
  );
};

/** The request's state and, once decided, the venue's reason (read only). */
const ApprovalStatusLine = () => {
  const translate = useTranslate();
  const { getValues } = useFormContext();
  const status = getValues('generalInfos.approvalStatus') as string | null | undefined;
  if (status) return <ApprovalNotice />;
  return (
    <Alert severity="info" variant="outlined">
      {translate(`${FIELDS}.approvalStatus`)}: {translate('resources.events.approvalStatuses.none')}
    </Alert>
  );
};

export interface GeneralInfosStepProps {
  flow: EventFlow;
  /** Staff of one venue: the venue is theirs and cannot be changed. */
  establishmentFixed: boolean;
}

/** The `generalInfos` of both flows; the promoter flow adds its group (fixed), the venue's address and the approval. */
export const GeneralInfosStep = ({ flow, establishmentFixed }: GeneralInfosStepProps) => (
  <>
    {flow === 'promoter' ? <ApprovalStatusLine /> : null}
    <TextInput
      source="generalInfos.eventTitle"
      isRequired
      slotProps={{ htmlInput: { maxLength: EVENT_LIMITS.title } }}
    />
    <ReferenceDataInput
      source="generalInfos.eventType.id"
      kind="event-types"
      label={`${FIELDS}.eventType`}
      isRequired
    />
    {flow === 'promoter' ? (
      <ReferenceInput source="generalInfos.promoterGroupId" reference="promoters">
        <AutocompleteInput label={`${FIELDS}.promoterGroupId`} optionText={promoterName} readOnly helperText={false} />
      </ReferenceInput>
    ) : null}
    <EstablishmentPicker flow={flow} fixed={establishmentFixed} />
    {flow === 'promoter' ? <AddressInput source="generalInfos" /> : null}
    <ReferenceDataArrayInput source="generalInfos.musics" kind="musics" label={`${FIELDS}.musics`} />
    <NumberInput source="generalInfos.ageMin" min={0} max={EVENT_LIMITS.ageMin} step={1} />
    <BooleanInput source="generalInfos.isFree" />
    <NumberInput source="generalInfos.tarifMin" min={0} step={0.5} />
    <NumberInput source="generalInfos.tarifMax" min={0} step={0.5} />
    <TextInput source="generalInfos.urlBilletterie" type="url" />
    <BooleanInput source="generalInfos.promotable" />
  </>
);
