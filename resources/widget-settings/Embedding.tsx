import AddIcon from '@mui/icons-material/Add';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormHelperText,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import {
  InputHelperText,
  TextInput,
  useDataProvider,
  useEditContext,
  useNotify,
  useTranslate,
  type ValidationErrorMessage,
} from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { WIDGET_LIMITS, WIDGET_PATHS, type WidgetSettings } from '../../domain/widget';
import type { AppDataProvider } from '../../providers/dataProvider';
import { errorMessageKeyOf, isEditConflict } from '../shared/resourceErrors';
import { TEXTS } from './texts';
import { Section } from './WidgetSettingsInputs';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What a venue pastes into its site: the widget's frame, titled for screen readers, and our resize script. */
export const embedSnippet = (origin: string, key: string, frameTitle: string) =>
  `<iframe src="${origin}${WIDGET_PATHS.page(key)}" title="${escapeAttribute(frameTitle)}" ` +
  `style="width:100%;border:0" loading="lazy"></iframe>\n` +
  `<script src="${origin}${WIDGET_PATHS.embedScript}" async></script>`;

/** The snippet, read only, and a button that copies it (or says to copy by hand where the browser refuses). */
const EmbedSnippet = ({ widgetKey, venueName }: { widgetKey: string; venueName: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const field = useRef<HTMLTextAreaElement>(null);
  const snippet = embedSnippet(
    window.location.origin,
    widgetKey,
    translate(`${TEXTS}.embed.frameTitle`, { name: venueName }),
  );
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard in this context');
      await navigator.clipboard.writeText(snippet);
      notify(`${TEXTS}.embed.copied`, { type: 'success' });
    } catch {
      // Refused (permissions, an insecure page): select the text so Ctrl+C copies it.
      field.current?.focus();
      field.current?.select();
      notify(`${TEXTS}.embed.copyRefused`, { type: 'warning' });
    }
  };
  return (
    <Stack spacing={1}>
      <TextField
        label={translate(`${TEXTS}.embed.snippet`)}
        value={snippet}
        inputRef={field}
        multiline
        minRows={3}
        fullWidth
        helperText={translate(`${TEXTS}.embed.snippetHelp`)}
        slotProps={{
          htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace', fontSize: '0.8rem' } },
        }}
        onFocus={(event) => event.target.select()}
      />
      <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy} sx={{ alignSelf: 'flex-start' }}>
        {translate(`${TEXTS}.embed.copy`)}
      </Button>
    </Stack>
  );
};

/**
 * The public key and its rotation: a confirmation first (every page that embeds the old snippet stops
 * showing the widget at once), then the record is read again, so the key, the snippet, the preview and the
 * version the next save sends are the new ones; unsaved changes of the form stay.
 */
const WidgetKey = ({ record }: { record: WidgetSettings }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const [asking, setAsking] = useState(false);
  const dataProvider = useDataProvider<AppDataProvider>();
  const { refetch } = useEditContext();
  const { mutate, isPending } = useMutation({
    mutationFn: () => dataProvider.rotateWidgetKey(record.id, record.version),
    onSuccess: async () => {
      await refetch();
      setAsking(false);
      notify(`${TEXTS}.key.rotated`, { type: 'success' });
    },
    onError: async (error) => {
      notify(errorMessageKeyOf(error), { type: 'error' });
      if (isEditConflict(error)) await refetch();
      setAsking(false);
    },
  });
  return (
    <Stack spacing={1}>
      <TextField
        label={translate(`${TEXTS}.key.label`)}
        value={record.externalApiKey}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } } }}
      />
      <Button
        variant="outlined"
        color="warning"
        startIcon={<AutorenewIcon />}
        onClick={() => setAsking(true)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {translate(`${TEXTS}.key.rotate`)}
      </Button>
      <Dialog open={asking} onClose={isPending ? undefined : () => setAsking(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{translate(`${TEXTS}.key.confirmTitle`)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate(`${TEXTS}.key.confirmText`)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} disabled={isPending}>
            {translate('ra.action.cancel')}
          </Button>
          <Button color="warning" variant="contained" onClick={() => mutate()} disabled={isPending}>
            {translate(`${TEXTS}.key.confirm`)}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
};

const ORIGINS = 'allowedOrigins';

/** The array's own problem (a site listed twice), which belongs to no single row. */
const useListProblem = (): ValidationErrorMessage | undefined => {
  const { errors } = useFormState({ name: ORIGINS });
  const problem = errors[ORIGINS] as { message?: unknown } | undefined;
  return typeof problem?.message === 'object' || typeof problem?.message === 'string'
    ? (problem.message as ValidationErrorMessage)
    : undefined;
};

/**
 * The sites allowed to frame the widget (the widget page's CSP frame-ancestors), saved with the form: one
 * field per site, each checked as the server checks it (domain/widget.ts); none means any site.
 */
const AllowedOriginsInput = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const watched: unknown = useWatch({ name: ORIGINS });
  const origins = Array.isArray(watched) ? (watched as string[]) : [];
  const listProblem = useListProblem();
  const change = (next: string[]) => setValue(ORIGINS, next, { shouldDirty: true, shouldValidate: true });
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {translate(`${TEXTS}.origins.help`)}
      </Typography>
      {origins.map((_origin, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextInput
            source={`${ORIGINS}.${index}`}
            label={translate(`${TEXTS}.origins.site`, { number: index + 1 })}
            placeholder="https://example.ch"
            helperText={false}
            fullWidth
            slotProps={{ htmlInput: { spellCheck: false, inputMode: 'url' } }}
          />
          <IconButton
            aria-label={translate(`${TEXTS}.origins.remove`, { number: index + 1 })}
            onClick={() => change(origins.filter((_, other) => other !== index))}
            sx={{ mt: 1 }}
          >
            <DeleteOutlineIcon />
          </IconButton>
        </Stack>
      ))}
      {origins.length === 0 ? (
        <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
          {translate(`${TEXTS}.origins.anySite`)}
        </Typography>
      ) : null}
      {listProblem ? (
        <FormHelperText error>
          <InputHelperText error={listProblem} />
        </FormHelperText>
      ) : null}
      <Button
        startIcon={<AddIcon />}
        onClick={() => change([...origins, ''])}
        disabled={origins.length >= WIDGET_LIMITS.allowedOrigins}
        sx={{ alignSelf: 'flex-start' }}
      >
        {translate(`${TEXTS}.origins.add`)}
      </Button>
    </Stack>
  );
};

/** How the widget reaches a venue's site: the snippet, its key, and the sites allowed to show it. */
export const Embedding = ({ record, venueName }: { record: WidgetSettings; venueName: string }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={3}>
      <Section title={translate(`${TEXTS}.sections.embed`)}>
        <EmbedSnippet widgetKey={record.externalApiKey} venueName={venueName} />
      </Section>
      <Section title={translate(`${TEXTS}.sections.key`)}>
        <WidgetKey record={record} />
      </Section>
      <Section title={translate(`${TEXTS}.sections.origins`)}>
        <Box>
          <AllowedOriginsInput />
        </Box>
      </Section>
    </Stack>
  );
};
