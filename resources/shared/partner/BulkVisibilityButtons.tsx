import PublicIcon from '@mui/icons-material/Public';
import PublicOffIcon from '@mui/icons-material/PublicOff';
import { useState } from 'react';
import {
  Button,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useResourceContext,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { errorMessageKeyOf } from '../resourceErrors';
import type { Visibility } from '../../../domain/enums';
import type { AppDataProvider, VisibilityFailure } from '../../../providers/dataProvider';

/** Why records were refused, each reason once, in the user's language (a 403, a stale record, invalid fields…). */
const reasonsOf = (
  failed: readonly VisibilityFailure[],
  translate: (key: string, options?: object) => string,
): string =>
  [...new Set(failed.map((failure) => translate(errorMessageKeyOf(failure), { _: failure.message })))].join(' ');

/**
 * Bulk publish or unpublish the selected records (dataProvider.setVisibility: one request, a result per
 * record), then say how many changed and how many were refused, and why. Refused ones stay selected to retry;
 * the list offers only the rows the user may change for selection (isRowSelectable).
 */
const BulkVisibilityButton = ({ visibility }: { visibility: Visibility }) => {
  const resource = useResourceContext() ?? '';
  const { selectedIds, onSelect } = useListContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);
  const [running, setRunning] = useState(false);
  const action = visibility === 'PUBLISHED' ? 'publish' : 'unpublish';

  const run = async () => {
    setRunning(true);
    try {
      const { data, failed } = await dataProvider.setVisibility(resource, selectedIds, visibility);
      if (failed.length === 0) {
        unselectAll();
        notify(`resources.partners.bulk.${action}.done`, {
          type: 'success',
          messageArgs: { smart_count: data.length },
        });
      } else {
        onSelect(failed.map((failure) => failure.id));
        notify(`resources.partners.bulk.${action}.partial`, {
          type: 'warning',
          messageArgs: { smart_count: data.length, failed: failed.length, reasons: reasonsOf(failed, translate) },
        });
      }
    } catch {
      notify('ra.notification.http_error', { type: 'error' });
    } finally {
      setRunning(false);
      refresh();
    }
  };

  return (
    <Button label={`resources.partners.actions.${action}`} onClick={run} disabled={running}>
      {visibility === 'PUBLISHED' ? <PublicIcon /> : <PublicOffIcon />}
    </Button>
  );
};

export const BulkVisibilityButtons = () => (
  <>
    <BulkVisibilityButton visibility="PUBLISHED" />
    <BulkVisibilityButton visibility="DRAFT" />
  </>
);
