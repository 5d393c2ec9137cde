import { Skeleton } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * Stands where a referenced record's label will be while it loads: a grey bar, announced as loading, never
 * the raw id ("#12") nor an empty cell that looks like "no value".
 */
export const LabelPlaceholder = ({ width = '5em', chip = false }: { width?: string; chip?: boolean }) => {
  const translate = useTranslate();
  return (
    <Skeleton
      role="status"
      aria-label={translate('ra.page.loading')}
      variant={chip ? 'rounded' : 'text'}
      width={width}
      height={chip ? 24 : undefined}
      sx={{ display: 'inline-block', verticalAlign: 'middle', borderRadius: chip ? 4 : undefined }}
    />
  );
};
