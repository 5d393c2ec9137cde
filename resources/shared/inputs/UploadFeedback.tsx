import { useInputsReadOnly } from './readOnly';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { UploadFailure, UploadTask } from './useUploads';

/** One determinate bar per file on its way, named after the file. */
export const UploadProgressList = ({ tasks }: { tasks: readonly UploadTask[] }) => {
  const translate = useTranslate();
  if (tasks.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {tasks.map((task) => {
        const percent = Math.round(task.progress * 100);
        return (
          <Box key={task.key}>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {translate('inputs.upload.uploading', { name: task.fileName, percent })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label={translate('inputs.upload.progressLabel', { name: task.fileName })}
            />
          </Box>
        );
      })}
    </Stack>
  );
};

/** The refusals, each with the file's name and what to do; closing one keeps the others. */
export const UploadFailureList = ({
  failures,
  onDismiss,
}: {
  failures: readonly UploadFailure[];
  onDismiss: (key: string) => void;
}) => {
  const translate = useTranslate();
  if (failures.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {failures.map((failure) => (
        <Alert key={failure.key} severity="error" role="alert" onClose={() => onDismiss(failure.key)}>
          {translate('inputs.upload.failedFile', { name: failure.fileName })}{' '}
          {translate(failure.problem.key, failure.problem.args)}
        </Alert>
      ))}
    </Stack>
  );
};

interface FileDropZoneProps {
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The button's text (translation key). */
  buttonLabel: string;
  /** The file input's accessible name (already translated), e.g. the field's label. */
  inputLabel: string;
  onFiles: (files: File[]) => void;
  children?: ReactNode;
}

/**
 * A dashed area that takes dropped files, with a button that opens the file chooser (the keyboard way in).
 * The `accept` list only guides the chooser: the server decides the type from the content.
 */
export const FileDropZone = ({
  accept,
  multiple = false,
  disabled = false,
  buttonLabel,
  inputLabel,
  onFiles,
  children,
}: FileDropZoneProps) => {
  const translate = useTranslate();
  const readOnly = useInputsReadOnly();
  const fileInput = useRef<HTMLInputElement>(null);
  const [isDragOver, setDragOver] = useState(false);

  const takeFiles = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length > 0 && !disabled) onFiles(multiple ? files : files.slice(0, 1));
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    takeFiles(event.dataTransfer.files);
  };

  if (readOnly) return <Box>{children}</Box>;
  return (
    <Box
      onDragOver={onDragOver}
      onDragLeave={() => setDragOver(false)}
      onDrop={onDrop}
      data-drag-over={isDragOver}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: isDragOver ? 'primary.main' : 'divider',
        bgcolor: isDragOver ? 'action.hover' : 'transparent',
        borderRadius: 1,
        p: 2,
        transition: 'border-color 120ms, background-color 120ms',
      }}
    >
      {children}
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Button
          variant="outlined"
          size="small"
          startIcon={<CloudUploadIcon />}
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
        >
          {translate(buttonLabel)}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {translate(multiple ? 'inputs.upload.dropMany' : 'inputs.upload.dropOne')}
        </Typography>
      </Stack>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept={accept}
        multiple={multiple}
        aria-label={inputLabel}
        onChange={(event) => {
          takeFiles(event.target.files);
          // The same file chosen again after a refusal must fire a change.
          event.target.value = '';
        }}
      />
    </Box>
  );
};
