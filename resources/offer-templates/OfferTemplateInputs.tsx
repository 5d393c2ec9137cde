import { Alert, Stack } from '@mui/material';
import {
  AutocompleteInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useGetOne,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Establishment } from '../../domain/establishment';
import { OFFER_TEMPLATE_LIMITS, requestOwnerOf } from '../../domain/offerTemplate';
import type { Promoter } from '../../domain/promoter';
import { visibilityChoices } from '../shared/partner/visibility';
import RichTextEditor from '../shared/RichTextEditor';
import { FormatButtons, RichTextInputToolbar } from 'ra-input-rich-text';
import { offerTypeChoices, patternChoices, TEXTS } from './TemplateFields';
import { useTemplateViewer } from './useTemplateViewer';

const FIELDS = `${TEXTS}.fields`;

/** A title is one line: bold and italic, no headings, lists or links. */
const titleToolbar = (
  <RichTextInputToolbar size="small">
    <FormatButtons size="small" />
  </RichTextInputToolbar>
);
const titleLook = { '& .ProseMirror': { minHeight: '2.5em' } };

/** The recurrence only for a recurrent template: an exclusive one never recurs (the server refuses it). */
const RecurrenceInput = () => {
  const offerType = useWatch({ name: 'offerType' });
  if (offerType !== 'RECURRENT') return null;
  return (
    <SelectInput
      source="reccurrencePattern"
      label={`${FIELDS}.reccurrencePattern`}
      choices={patternChoices}
      isRequired
    />
  );
};

/** Whom the template is for: the platform's staff choose an establishment, a promoter group, or nobody (all). */
const OwnerInputs = () => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ width: '100%' }}>
    <ReferenceInput
      source="establishmentId"
      reference="establishments"
      sort={{ field: 'establishmentName', order: 'ASC' }}
    >
      <AutocompleteInput
        label={`${FIELDS}.establishmentId`}
        optionText={(establishment: Establishment) => establishment.generalInfos.establishmentName}
        filterToQuery={(q: string) => ({ q })}
        helperText={`${TEXTS}.help.owner`}
        fullWidth
      />
    </ReferenceInput>
    <ReferenceInput source="promoterGroupId" reference="promoters" sort={{ field: 'promoterName', order: 'ASC' }}>
      <AutocompleteInput
        label={`${FIELDS}.promoterGroupId`}
        optionText={(promoter: Promoter) => promoter.generalInfos.promoterName}
        filterToQuery={(q: string) => ({ q })}
        helperText={false}
        fullWidth
      />
    </ReferenceInput>
  </Stack>
);

/** A partner's request is for its own establishment (or group): named at the top, not chosen. */
const OwnerPreset = () => {
  const translate = useTranslate();
  const { viewer } = useTemplateViewer();
  const { establishmentId, promoterGroupId } = viewer
    ? requestOwnerOf(viewer)
    : { establishmentId: null, promoterGroupId: null };
  const venue = useGetOne<Establishment>(
    'establishments',
    { id: establishmentId ?? 0 },
    { enabled: establishmentId !== null },
  );
  const group = useGetOne<Promoter>('promoters', { id: promoterGroupId ?? 0 }, { enabled: promoterGroupId !== null });
  const owner = venue.data?.generalInfos.establishmentName ?? group.data?.generalInfos.promoterName;
  return (
    <Alert severity="info" sx={{ width: '100%', mb: 2 }}>
      {owner ? `${translate(`${TEXTS}.help.ownerPreset`, { owner })} ` : ''}
      {translate(`${TEXTS}.mine.editPending`)}
    </Alert>
  );
};

export interface OfferTemplateInputsProps {
  /** The platform's staff choose the owner and the visibility; a partner's request is for its own scope. */
  decides: boolean;
}

/** The fields of a template, shared by the create and edit drawers and by a partner's request. */
export const OfferTemplateInputs = ({ decides }: OfferTemplateInputsProps) => {
  return (
    <>
      {decides ? null : <OwnerPreset />}
      <SelectInput source="offerType" label={`${FIELDS}.offerType`} choices={offerTypeChoices} isRequired />
      <RecurrenceInput />
      <TextInput
        source="longTitle"
        label={`${FIELDS}.longTitle`}
        isRequired
        fullWidth
        slotProps={{ htmlInput: { maxLength: OFFER_TEMPLATE_LIMITS.longTitle } }}
      />
      <TextInput
        source="shortTitle"
        label={`${FIELDS}.shortTitle`}
        isRequired
        fullWidth
        slotProps={{ htmlInput: { maxLength: OFFER_TEMPLATE_LIMITS.shortTitle } }}
      />
      <RichTextEditor
        source="htmlLongTitle"
        label={`${FIELDS}.htmlLongTitle`}
        toolbar={titleToolbar}
        sx={titleLook}
        helperText={`${TEXTS}.help.htmlTitle`}
      />
      <RichTextEditor
        source="htmlShortTitle"
        label={`${FIELDS}.htmlShortTitle`}
        toolbar={titleToolbar}
        sx={titleLook}
        helperText={false}
      />
      <RichTextEditor source="htmlDescription" label={`${FIELDS}.htmlDescription`} />
      {decides ? (
        <>
          <OwnerInputs />
          <SelectInput source="visibility" label={`${FIELDS}.visibility`} choices={visibilityChoices} isRequired />
        </>
      ) : null}
    </>
  );
};

export const OfferTemplateForm = ({
  decides,
  ...props
}: OfferTemplateInputsProps & Omit<SimpleFormProps, 'children'>) => (
  <SimpleForm {...props}>
    <OfferTemplateInputs decides={decides} />
  </SimpleForm>
);
