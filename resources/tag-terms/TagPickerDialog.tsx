import { Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, type Theme } from '@mui/material';
import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import {
  AutocompleteInput,
  Form,
  ReferenceInput,
  SaveButton,
  useGetOne,
  useLocaleState,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Tag } from '../../domain/tag';
import { tagLabelIn } from '../tags/tagLabel';

/** The server's `q` matches a tag's name and every translation. */
const searchByText = (text: string) => ({ q: text });

/** What the dialog says once a tag is picked (what moves where), with the picked tag. */
type Summary = (tag: Tag) => ReactNode;

const PickedSummary = ({ summary }: { summary: Summary }) => {
  const targetId = useWatch<{ targetId?: Identifier | null }>({ name: 'targetId' });
  const picked = targetId == null || targetId === '' ? undefined : Number(targetId);
  const { data: tag } = useGetOne<Tag>('tags', { id: picked ?? 0 }, { enabled: picked !== undefined });
  if (picked === undefined || !tag) return null;
  return <>{summary(tag)}</>;
};

export interface TagPickerDialogProps {
  /** The title (translated), and the confirm button's label (a translation key). */
  title: string;
  confirmLabel: string;
  /** Tags that may not be picked (the tags being merged away). */
  excludedIds?: readonly Identifier[];
  /** Shown above the picker. */
  intro?: ReactNode;
  summary: Summary;
  onClose: () => void;
  /** The confirm button's icon. */
  icon: ReactElement;
  /** Runs the action with the picked tag (and its record when the picker has it); the caller closes the dialog. */
  onConfirm: (targetId: Identifier, tag: Tag | undefined) => Promise<void>;
}

/**
 * A dialog that picks one tag (an autocomplete over `tags`, by name or any translation, labelled in the
 * interface language) and confirms an action with it, saying first what the action will do.
 */
export const TagPickerDialog = ({
  title,
  confirmLabel,
  excludedIds = [],
  intro,
  summary,
  icon,
  onClose,
  onConfirm,
}: TagPickerDialogProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [running, setRunning] = useState(false);
  const [picked, setPicked] = useState<Tag | undefined>();
  const labelOf = useMemo(() => (tag: Tag) => tagLabelIn(tag, locale), [locale]);
  const excluded = useMemo(() => new Set(excludedIds.map(String)), [excludedIds]);

  const validate = (values: Record<string, unknown>) => {
    const targetId = values.targetId;
    if (targetId == null || targetId === '') return { targetId: 'ra.validation.required' };
    if (excluded.has(String(targetId))) return { targetId: 'tagTerms.merge.itself' };
    return {};
  };

  const submit = async (values: Record<string, unknown>) => {
    const targetId = values.targetId as Identifier;
    setRunning(true);
    try {
      await onConfirm(targetId, String(picked?.id) === String(targetId) ? picked : undefined);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="tag-picker-title">
      <DialogTitle id="tag-picker-title">{title}</DialogTitle>
      <Form onSubmit={submit} validate={validate} defaultValues={{ targetId: null }}>
        <DialogContent>
          {intro}
          <ReferenceInput source="targetId" reference="tags" sort={{ field: 'tagName', order: 'ASC' }} perPage={50}>
            <AutocompleteInput
              label="tagTerms.picker.label"
              optionText={labelOf}
              filterToQuery={searchByText}
              helperText="tagTerms.picker.hint"
              onChange={(_value, record) => setPicked(record as Tag | undefined)}
            />
          </ReferenceInput>
          <PickedSummary summary={summary} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={running}>
            {translate('ra.action.cancel')}
          </Button>
          <SaveButton label={confirmLabel} icon={icon} alwaysEnable={!running} disabled={running} />
        </DialogActions>
      </Form>
    </Dialog>
  );
};
