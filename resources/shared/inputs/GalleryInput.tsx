import { useInputsReadOnly } from './readOnly';
import { useMemo, useState } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import {
  Alert,
  Box,
  FormControl,
  FormHelperText,
  FormLabel,
  IconButton,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useInput, useRecordContext, useTranslate, useWrappedSource } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { MEDIA_LIMITS, UPLOAD_ACCEPT, type Upload } from '../../../domain/upload';
import { galleryStateOf, moveItem } from './galleryState';
import { valueAtPath } from './paths';
import { FileDropZone, UploadFailureList, UploadProgressList } from './UploadFeedback';
import { UploadPreview } from './UploadInput';
import { useUploads } from './useUploads';

export interface GalleryInputProps {
  /** The record's section that holds `media` and `mediaListState`, e.g. `generalInfos`. */
  source: string;
  label?: string;
}

const THUMBNAIL_SIZE = 140;

const idsOf = (media: readonly { id: number }[]) => media.map((item) => item.id);

interface ThumbnailProps {
  upload: Upload;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (id: number) => void;
}

/** One picture: a drag handle (pointer and keyboard), buttons to move it earlier or later, and remove. */
const SortableThumbnail = ({ upload, index, count, onMove, onRemove }: ThumbnailProps) => {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: upload.id,
  });
  const name = upload.originalName;
  const position = { position: index + 1, count };
  const readOnly = useInputsReadOnly();
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      role="listitem"
      aria-label={translate('inputs.gallery.item', { name, ...position })}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      sx={{
        p: 1,
        width: THUMBNAIL_SIZE + 16,
        opacity: isDragging ? 0.6 : 1,
        zIndex: isDragging ? 1 : 'auto',
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ height: THUMBNAIL_SIZE, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <UploadPreview upload={upload} size={THUMBNAIL_SIZE} />
      </Box>
      {readOnly ? null : (
        <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mt: 0.5 }}>
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            sx={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
            aria-label={translate('inputs.gallery.dragHandle', { name })}
          >
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
          <Tooltip title={translate('inputs.gallery.moveEarlier')}>
            <span>
              <IconButton
                size="small"
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
                aria-label={translate('inputs.gallery.moveEarlierNamed', { name })}
              >
                <ArrowBackIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={translate('inputs.gallery.moveLater')}>
            <span>
              <IconButton
                size="small"
                disabled={index === count - 1}
                onClick={() => onMove(index, index + 1)}
                aria-label={translate('inputs.gallery.moveLaterNamed', { name })}
              >
                <ArrowForwardIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={translate('inputs.gallery.remove')}>
            <IconButton
              size="small"
              color="error"
              onClick={() => onRemove(upload.id)}
              aria-label={translate('inputs.gallery.removeNamed', { name })}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      )}
    </Paper>
  );
};

/** dnd-kit's screen-reader texts in the user's language. */
const useAnnouncements = (media: readonly Upload[]) => {
  const translate = useTranslate();
  return useMemo(() => {
    const nameOf = (id: UniqueIdentifier) => media.find((item) => item.id === id)?.originalName ?? String(id);
    const positionOf = (id: UniqueIdentifier | undefined) => media.findIndex((item) => item.id === id) + 1;
    const announcements: Announcements = {
      onDragStart: ({ active }) =>
        translate('inputs.gallery.announce.picked', { name: nameOf(active.id), position: positionOf(active.id) }),
      onDragOver: ({ active, over }) =>
        over
          ? translate('inputs.gallery.announce.over', { name: nameOf(active.id), position: positionOf(over.id) })
          : undefined,
      onDragEnd: ({ active, over }) =>
        translate('inputs.gallery.announce.dropped', {
          name: nameOf(active.id),
          position: positionOf(over?.id ?? active.id),
        }),
      onDragCancel: ({ active }) => translate('inputs.gallery.announce.cancelled', { name: nameOf(active.id) }),
    };
    return {
      announcements,
      screenReaderInstructions: { draggable: translate('inputs.gallery.announce.instructions') },
    };
  }, [media, translate]);
};

/**
 * The gallery of a record section: `${source}.media` (the pictures, in order) and `${source}.mediaListState`
 * (order, added, removed), kept consistent on every change. Several files upload at once, each with its bar;
 * pictures reorder by dragging (mouse, touch, or keyboard: space, arrows, space) or with the arrow buttons.
 */
export const GalleryInput = ({ source, label = 'inputs.gallery.label' }: GalleryInputProps) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const { getValues, setValue } = useFormContext();
  const mediaSource = `${source}.media`;
  // Form paths (useInput wraps its own source; getValues and setValue need the wrapped one).
  const mediaPath = useWrappedSource(mediaSource);
  const stateSource = useWrappedSource(`${source}.mediaListState`);
  const { field, fieldState, id } = useInput<Upload[]>({ source: mediaSource, defaultValue: [] });
  const { errors } = useFormState({ name: stateSource });
  const { tasks, failures, uploadFile, dismissFailure, clearFailures } = useUploads();
  /** Files dropped beyond the gallery's limit, not uploaded. */
  const [leftOut, setLeftOut] = useState(0);
  const media: Upload[] = Array.isArray(field.value) ? field.value : [];
  const storedIds = useMemo(
    () => idsOf((valueAtPath(record, mediaPath) as Upload[] | undefined) ?? []),
    [record, mediaPath],
  );
  const announcements = useAnnouncements(media);
  const sensors = useSensors(
    // A small distance before a drag starts, so clicks on the buttons stay clicks.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  /** Writes the pictures and the state that goes with them (read fresh: uploads finish at any time). */
  const commit = (next: (current: Upload[]) => Upload[]) => {
    const current = (getValues(mediaPath) as Upload[] | undefined) ?? [];
    const updated = next(current);
    field.onChange(updated);
    setValue(stateSource, galleryStateOf(storedIds, idsOf(updated)), { shouldDirty: true });
  };

  const room = MEDIA_LIMITS.maxItems - media.length - tasks.length;
  const onFiles = async (files: File[]) => {
    clearFailures();
    const accepted = files.slice(0, Math.max(0, room));
    setLeftOut(files.length - accepted.length);
    // All go up at once, but join the gallery in the order they were chosen, whichever finishes first.
    const uploads = accepted.map((file) => uploadFile(file));
    for (const pending of uploads) {
      const uploaded = await pending;
      if (uploaded)
        commit((current) => (current.some((item) => item.id === uploaded.id) ? current : [...current, uploaded]));
    }
  };

  const onMove = (from: number, to: number) => commit((current) => moveItem(current, from, to));
  const onRemove = (removedId: number) => commit((current) => current.filter((item) => item.id !== removedId));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    commit((current) => {
      const ids = idsOf(current);
      return moveItem(current, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
    });
  };

  const stateErrors = valueAtPath(errors, stateSource) as Record<string, { message?: string } | undefined> | undefined;
  const problems = [
    fieldState.error?.message,
    ...['order', 'added', 'removed'].map((key) => stateErrors?.[key]?.message),
  ].filter((message): message is string => Boolean(message));
  const isFull = room <= 0;

  return (
    <FormControl component="fieldset" error={problems.length > 0} sx={{ width: '100%', mb: 2 }} id={id}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {translate(label, { _: label })}
      </FormLabel>
      <FileDropZone
        accept={UPLOAD_ACCEPT.image}
        multiple
        disabled={isFull}
        buttonLabel="inputs.gallery.add"
        inputLabel={translate(label, { _: label })}
        onFiles={onFiles}
      >
        {media.length > 0 ? (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={announcements}
          >
            <SortableContext items={idsOf(media)} strategy={rectSortingStrategy}>
              <Box role="list" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
                {media.map((upload, index) => (
                  <SortableThumbnail
                    key={upload.id}
                    upload={upload}
                    index={index}
                    count={media.length}
                    onMove={onMove}
                    onRemove={onRemove}
                  />
                ))}
              </Box>
            </SortableContext>
          </DndContext>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('inputs.gallery.empty')}
          </Typography>
        )}
      </FileDropZone>
      <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5 }}>
        {translate('inputs.gallery.count', { count: media.length, max: MEDIA_LIMITS.maxItems })}
      </Typography>
      {leftOut > 0 ? (
        <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setLeftOut(0)}>
          {translate('inputs.gallery.leftOut', { smart_count: leftOut, max: MEDIA_LIMITS.maxItems })}
        </Alert>
      ) : isFull ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('inputs.gallery.full', { max: MEDIA_LIMITS.maxItems })}
        </Alert>
      ) : null}
      <UploadProgressList tasks={tasks} />
      <UploadFailureList failures={failures} onDismiss={dismissFailure} />
      {problems.map((problem) => (
        <FormHelperText key={problem}>{translate(problem, { _: problem })}</FormHelperText>
      ))}
    </FormControl>
  );
};
