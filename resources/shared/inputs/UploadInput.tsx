import { useInputsReadOnly } from './readOnly';
import DeleteIcon from '@mui/icons-material/Delete';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Box, Button, Chip, FormControl, FormHelperText, FormLabel, Stack } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { isImageMimeType, UPLOAD_ACCEPT, type Upload } from '../../../domain/upload';
import { FileDropZone, UploadFailureList, UploadProgressList } from './UploadFeedback';
import { useUploads } from './useUploads';

export type UploadAcceptKind = keyof typeof UPLOAD_ACCEPT;

export interface UploadInputProps {
  source: string;
  /** A translation key or text. */
  label: string;
  accept: UploadAcceptKind;
  helperText?: string;
}

/** The stored file: the image's preview, or a chip that opens the PDF. */
export const UploadPreview = ({ upload, size = 160 }: { upload: Upload; size?: number }) => {
  if (isImageMimeType(upload.mimeType)) {
    return (
      <Box
        component="img"
        src={upload.previewUrl ?? upload.url}
        alt={upload.originalName}
        sx={{
          maxWidth: size,
          maxHeight: size,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          objectFit: 'contain',
          display: 'block',
        }}
      />
    );
  }
  return (
    <Chip
      icon={<PictureAsPdfIcon />}
      label={upload.originalName}
      component="a"
      href={upload.url}
      target="_blank"
      rel="noopener noreferrer"
      clickable
      variant="outlined"
    />
  );
};

/**
 * One file (a logo, a menu): choose or drop it, watch it upload, see its preview, replace or remove it.
 * The value is the upload object the server answered (the form sends it back; the API reads its id).
 * A refused file leaves the current value and the rest of the form as they were.
 */
export const UploadInput = ({ source, label, accept, helperText }: UploadInputProps) => {
  const translate = useTranslate();
  const { field, fieldState, id } = useInput<Upload | null>({ source, defaultValue: null });
  const { tasks, failures, uploadFile, dismissFailure, clearFailures } = useUploads();
  const upload = field.value ?? null;
  const readOnly = useInputsReadOnly();
  const translatedLabel = translate(label, { _: label });

  const onFiles = async ([file]: File[]) => {
    if (!file) return;
    clearFailures();
    const uploaded = await uploadFile(file);
    if (uploaded) field.onChange(uploaded);
  };

  const error = fieldState.error?.message;
  return (
    <FormControl component="fieldset" error={Boolean(error)} sx={{ width: '100%', mb: 2 }} id={id}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {translatedLabel}
      </FormLabel>
      <FileDropZone
        accept={UPLOAD_ACCEPT[accept]}
        disabled={tasks.length > 0}
        buttonLabel={
          upload
            ? 'inputs.upload.replace'
            : accept === 'image'
              ? 'inputs.upload.chooseImage'
              : 'inputs.upload.chooseFile'
        }
        inputLabel={translatedLabel}
        onFiles={onFiles}
      >
        {upload ? (
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
            <UploadPreview upload={upload} />
            {readOnly ? null : (
              <Button
                color="error"
                size="small"
                startIcon={<DeleteIcon />}
                onClick={() => field.onChange(null)}
                disabled={tasks.length > 0}
              >
                {translate('inputs.upload.remove')}
              </Button>
            )}
          </Stack>
        ) : null}
      </FileDropZone>
      <UploadProgressList tasks={tasks} />
      <UploadFailureList failures={failures} onDismiss={dismissFailure} />
      {error || helperText ? (
        <FormHelperText>{translate(error ?? helperText ?? '', { _: error ?? helperText })}</FormHelperText>
      ) : null}
    </FormControl>
  );
};
