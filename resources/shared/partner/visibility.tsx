import PublicIcon from '@mui/icons-material/Public';
import EditNoteIcon from '@mui/icons-material/EditNote';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { VISIBILITIES, type Visibility } from '../../../domain/enums';

/** The choices of a visibility filter, labelled in the reader's language. */
export const visibilityChoices = VISIBILITIES.map((visibility) => ({
  id: visibility,
  name: `resources.partners.visibility.${visibility}`,
}));

/**
 * Draft or published as a chip: a draft is a filled warning chip with its own icon, so it stands out
 * in a long list in both colour schemes; published is a quiet outlined chip.
 */
export const VisibilityChip = ({ visibility }: { visibility: Visibility }) => {
  const translate = useTranslate();
  const isDraft = visibility === 'DRAFT';
  return (
    <Chip
      size="small"
      data-visibility={visibility}
      icon={isDraft ? <EditNoteIcon /> : <PublicIcon />}
      color={isDraft ? 'warning' : 'success'}
      variant={isDraft ? 'filled' : 'outlined'}
      label={translate(`resources.partners.visibility.${visibility}`)}
    />
  );
};

/** The list column: the record's visibility. */
export const VisibilityField = (_props: { label?: string }) => {
  const record = useRecordContext<{ visibility?: Visibility }>();
  return record?.visibility ? <VisibilityChip visibility={record.visibility} /> : null;
};

/**
 * The drawer header's status: the stored visibility of the record (a new one says what saving does) and,
 * when the viewer may only read it, a read-only chip.
 */
export const DrawerStatus = ({ isNew, readOnly }: { isNew: boolean; readOnly: boolean }) => {
  const record = useRecordContext<{ visibility?: Visibility }>();
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }} aria-label={translate('resources.partners.status')}>
      {isNew ? <Chip size="small" variant="outlined" label={translate('resources.partners.newRecord')} /> : null}
      {!isNew && record?.visibility ? <VisibilityChip visibility={record.visibility} /> : null}
      {readOnly ? (
        <Chip size="small" icon={<LockOutlinedIcon />} label={translate('resources.partners.readOnlyChip')} />
      ) : null}
    </Stack>
  );
};
