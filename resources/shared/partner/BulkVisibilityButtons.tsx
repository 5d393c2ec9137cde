import PublicIcon from '@mui/icons-material/Public';
import PublicOffIcon from '@mui/icons-material/PublicOff';
import { useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify, useRefresh, useResourceContext, useUnselectAll } from 'react-admin';
import type { Visibility } from '../../../domain/enums';
import type { AppDataProvider } from '../../../providers/dataProvider';

/**
 * Bulk publish or unpublish the selected records (dataProvider.setVisibility writes each whole record
 * back), then say how many changed and how many were refused. Refused ones stay selected to retry.
 */
const BulkVisibilityButton = ({ visibility }: { visibility: Visibility }) => {
  const resource = useResourceContext() ?? '';
  const { selectedIds, onSelect } = useListContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
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
        notify(`resources.partners.bulk.${action}.done`, { type: 'success', messageArgs: { smart_count: data.length } });
      } else {
        onSelect(failed.map((failure) => failure.id));
        notify(`resources.partners.bulk.${action}.partial`, {
          type: 'warning',
          messageArgs: { smart_count: data.length, failed: failed.length },
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
