import { useGetList } from 'react-admin';
import { ASKS_RESOURCE, type Ask } from './askRecord';
import { pendingCountFilterOf, useAskViewer } from './useAskViewer';

/**
 * How many asks are pending for the viewer (the menu's badge): `GET /asks?filter=…&range=[0,0]`, the total
 * only. Its query key starts with `asks`, so it refreshes whenever the asks are invalidated: after a decision
 * here, and when the live stream says an ask changed. Undefined while unknown (roles or answer pending, or the
 * request failed: no badge rather than a wrong one).
 */
export const useAskCount = ({ enabled = true }: { enabled?: boolean } = {}): number | undefined => {
  const { decides, isPending } = useAskViewer();
  const { total, error } = useGetList<Ask>(
    ASKS_RESOURCE,
    {
      filter: pendingCountFilterOf(decides),
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'pendingFirst', order: 'ASC' },
    },
    { enabled: enabled && !isPending },
  );
  return error ? undefined : total;
};
