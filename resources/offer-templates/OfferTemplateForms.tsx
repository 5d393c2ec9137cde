import { Box } from '@mui/material';
import {
  DeleteButton,
  SaveButton,
  Toolbar,
  useNotify,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { OFFER_TEMPLATE_PROBLEMS, offerTemplateInputSchema } from '../../domain/offerTemplate';
import { DrawerCreate, DrawerEdit } from '../shared/DrawerForms';
import { useNotifyResourceError } from '../shared/resourceErrors';
import { zodFormErrors } from '../shared/zodValidation';
import { OfferTemplateForm } from './OfferTemplateInputs';
import { ApprovalField, TEXTS } from './TemplateFields';

/** The rules across fields, by the field they land on (the codes are keys of the catalogue). */
const CROSS_FIELD_MESSAGES = {
  reccurrencePattern: OFFER_TEMPLATE_PROBLEMS.patternRequired,
  promoterGroupId: OFFER_TEMPLATE_PROBLEMS.oneOwner,
};

/**
 * The plain description is the server's to derive from the rich text (services/html.ts): sent as it was
 * read, it would keep the old text beside a changed one. A pattern left from a recurrent choice goes too.
 */
const transform = (data: RaRecord) => ({
  ...data,
  description: null,
  reccurrencePattern: data.offerType === 'RECURRENT' ? data.reccurrencePattern : null,
});

/**
 * The server's schema (domain/offerTemplate.ts), each problem on its field, on the values as they will be
 * sent: a pattern chosen before switching to an exclusive template is dropped, not an error on a hidden field.
 */
const validateTemplate = (values: Record<string, unknown>) =>
  zodFormErrors(offerTemplateInputSchema, transform(values as RaRecord), CROSS_FIELD_MESSAGES);

export const NEW_TEMPLATE_DEFAULTS = {
  offerType: 'EXCLUSIVE',
  longTitle: '',
  shortTitle: '',
  htmlLongTitle: null,
  htmlShortTitle: null,
  htmlDescription: null,
  reccurrencePattern: null,
  establishmentId: null,
  promoterGroupId: null,
  visibility: 'DRAFT',
};

interface TemplateDrawerProps {
  onClose: () => void;
  /** The page the drawer belongs to, where a save leads back. */
  basePath: string;
  /** The platform's staff (every field, delete) or a partner (its request). */
  decides: boolean;
}

/** Save, and for the platform's staff Delete (pessimistic, back to the page rather than the collection's path). */
const TemplateToolbar = ({ basePath, deletable }: { basePath: string; deletable: boolean }) => {
  const notifyError = useNotifyResourceError();
  return (
    <Toolbar>
      <SaveButton />
      <Box sx={{ flex: 1 }} />
      {deletable ? (
        <DeleteButton mutationMode="pessimistic" redirect={basePath} mutationOptions={{ onError: notifyError }} />
      ) : null}
    </Toolbar>
  );
};

export const TemplateEdit = ({ id, onClose, basePath, decides }: TemplateDrawerProps & { id: Identifier }) => (
  <DrawerEdit
    id={id}
    onClose={onClose}
    redirect={() => basePath}
    transform={transform}
    disableAuthentication={!decides}
    headerExtra={<ApprovalField />}
  >
    <OfferTemplateForm
      decides={decides}
      validate={validateTemplate}
      toolbar={<TemplateToolbar basePath={basePath} deletable={decides} />}
    />
  </DrawerEdit>
);

export const TemplateCreate = ({ onClose, basePath, decides }: TemplateDrawerProps) => {
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <DrawerCreate
      onClose={onClose}
      title={decides ? undefined : translate(`${TEXTS}.mine.requestTitle`)}
      redirect={() => {
        if (!decides) notify(`${TEXTS}.notifications.requested`, { type: 'success' });
        return basePath;
      }}
      transform={transform}
      disableAuthentication={!decides}
    >
      <OfferTemplateForm decides={decides} validate={validateTemplate} defaultValues={NEW_TEMPLATE_DEFAULTS} />
    </DrawerCreate>
  );
};
