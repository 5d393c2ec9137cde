import { Alert, Box, Button } from '@mui/material';
import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import {
  Edit,
  Form,
  SaveButton,
  Toolbar,
  useEditContext,
  useGetOne,
  useNotify,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Establishment } from '../../domain/establishment';
import { WIDGET_COLOR_KEYS, WIDGET_LIMITS, widgetSettingsInputSchema, type WidgetSettings } from '../../domain/widget';
import { errorMessageKeyOf, isEditConflict, useNotifyResourceError } from '../shared/resourceErrors';
import { useUnsavedChangesGuard } from '../shared/useUnsavedChangesGuard';
import { zodFormErrors, type FieldRuleMessages } from '../shared/zodValidation';
import { Embedding } from './Embedding';
import { WIDGET_SETTINGS_AREA } from './paths';
import { TEXTS } from './texts';
import { WidgetPreview } from './WidgetPreview';
import { WidgetSettingsInputs } from './WidgetSettingsInputs';

/** The sentence for each rule a field can break beyond being required or too long. */
const FIELD_RULES: FieldRuleMessages = {
  ...Object.fromEntries(
    WIDGET_COLOR_KEYS.map((key) => [`widgetTheme.colorPalette.${key}`, `${TEXTS}.validation.color`]),
  ),
  ...Object.fromEntries(
    Array.from({ length: WIDGET_LIMITS.allowedOrigins + 1 }, (_, index) => [
      `allowedOrigins.${index}`,
      `${TEXTS}.validation.origin`,
    ]),
  ),
  allowedOrigins: `${TEXTS}.validation.originTwice`,
};

/** The server's schema (domain/widget.ts), each problem on its field. */
const validateWidgetSettings = (values: Record<string, unknown>) =>
  zodFormErrors(widgetSettingsInputSchema, values, FIELD_RULES);

/** What a PUT sends: the whole look, the allowed sites and the version read (the key and establishment are not the form's). */
const toInput = (values: RaRecord) => ({
  widgetTheme: values.widgetTheme as unknown,
  allowedOrigins: values.allowedOrigins as unknown,
  version: values.version as unknown,
});

/** The establishment's name, for the title and the snippet's frame title. */
const useVenueName = (record: WidgetSettings | undefined): string => {
  const { data } = useGetOne<Establishment>(
    'establishments',
    { id: record?.establishmentId ?? 0 },
    { enabled: record !== undefined },
  );
  return data?.generalInfos.establishmentName ?? '';
};

const WidgetTitle = () => {
  const translate = useTranslate();
  const record = useRecordContext<WidgetSettings>();
  const venueName = useVenueName(record);
  return <>{venueName ? translate(`${TEXTS}.title`, { name: venueName }) : translate('app.menu.iframe')}</>;
};

/** 409 EDIT_CONFLICT: someone saved the widget meanwhile; the form keeps what the user did until Reload. */
const ConflictAlert = ({ onReloaded }: { onReloaded: () => void }) => {
  const translate = useTranslate();
  const { refetch } = useEditContext();
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ mx: 2, mt: 2 }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={async () => {
            await refetch();
            onReloaded();
          }}
        >
          {translate('resources.shared.conflict.reload')}
        </Button>
      }
    >
      {translate('resources.shared.conflict.message')}
    </Alert>
  );
};

/** JSON with the keys of every object in order, so that two equal values always read the same. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

/**
 * Leaving with changes the record does not have asks first. Compared with the record rather than read from the
 * form's dirty fields, which a rotated key's reload keeps (`keepDirtyValues`) even once they are saved.
 */
const UnsavedChangesGuard = ({ record }: { record: WidgetSettings }) => {
  const [widgetTheme, allowedOrigins] = useWatch({ name: ['widgetTheme', 'allowedOrigins'] }) as unknown[];
  const unsaved =
    canonicalJson({ widgetTheme, allowedOrigins }) !==
    canonicalJson({ widgetTheme: record.widgetTheme, allowedOrigins: record.allowedOrigins });
  useUnsavedChangesGuard(unsaved, useLocation().pathname);
  return null;
};

/** Hands the form's `reset` to the page, whose save callback lives outside the form. */
const FormResetProvider = ({ target }: { target: MutableRefObject<((values: RaRecord) => void) | null> }) => {
  const { reset } = useFormContext();
  useEffect(() => {
    target.current = (values) => reset(values);
    return () => {
      target.current = null;
    };
  }, [reset, target]);
  return null;
};

/** The form on one side, the live preview on the other; on narrow screens the preview follows the look. */
interface WidgetSettingsFormProps {
  conflict: boolean;
  onReloaded: () => void;
  formReset: MutableRefObject<((values: RaRecord) => void) | null>;
}

const WidgetSettingsForm = ({ conflict, onReloaded, formReset }: WidgetSettingsFormProps) => {
  const record = useRecordContext<WidgetSettings>();
  const venueName = useVenueName(record);
  if (!record) return null;
  return (
    <Form
      validate={validateWidgetSettings}
      mode="onChange"
      // A rotated key reads the record again: what the user changed and has not saved stays.
      resetOptions={{ keepDirtyValues: true }}
    >
      <FormResetProvider target={formReset} />
      <UnsavedChangesGuard record={record} />
      {conflict ? <ConflictAlert onReloaded={onReloaded} /> : null}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
          // On a phone the preview comes right after the look it shows, before the embedding.
          gridTemplateAreas: { xs: '"look" "preview" "embed"', md: '"look preview" "embed preview"' },
          gridTemplateRows: { md: 'auto 1fr' },
          columnGap: 3,
          rowGap: 4,
          p: 2,
        }}
      >
        <Box sx={{ gridArea: 'look' }}>
          <WidgetSettingsInputs />
        </Box>
        <Box sx={{ gridArea: 'preview', position: { md: 'sticky' }, top: { md: 16 }, alignSelf: 'start' }}>
          <WidgetPreview widgetKey={record.externalApiKey} />
        </Box>
        <Box sx={{ gridArea: 'embed' }}>
          <Embedding record={record} venueName={venueName} />
        </Box>
      </Box>
      <Toolbar>
        <SaveButton />
      </Toolbar>
    </Form>
  );
};

/**
 * `/iframe/:id`: one widget's settings. Saves are pessimistic, so a refusal lands on its field and a
 * conflict is shown where the user is; a widget that cannot be read sends back to the choice of establishment.
 */
export const WidgetSettingsEdit = () => {
  const { id } = useParams();
  const notify = useNotify();
  const navigate = useNavigate();
  const notifyError = useNotifyResourceError();
  const [conflict, setConflict] = useState(false);
  const formReset = useRef<((values: RaRecord) => void) | null>(null);
  return (
    <Edit<WidgetSettings>
      resource="widget-settings"
      id={Number(id)}
      mutationMode="pessimistic"
      redirect={false}
      transform={toInput}
      title={<WidgetTitle />}
      actions={false}
      queryOptions={{
        onError: (error) => {
          notify(errorMessageKeyOf(error), { type: 'error' });
          navigate(WIDGET_SETTINGS_AREA, { replace: true });
        },
      }}
      mutationOptions={{
        // The form then holds what the server stored (origins as it normalised them) and nothing unsaved: the
        // reload a rotated key causes keeps dirty values (resetOptions), which a save must not leave behind.
        onSuccess: (saved: RaRecord) => {
          formReset.current?.(saved);
          setConflict(false);
          notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
        },
        onError: (error: unknown) => {
          if (isEditConflict(error)) setConflict(true);
          else notifyError(error);
        },
      }}
    >
      <WidgetSettingsForm conflict={conflict} onReloaded={() => setConflict(false)} formReset={formReset} />
    </Edit>
  );
};
