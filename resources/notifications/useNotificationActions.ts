import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

export type NotificationChange = 'read' | 'unread' | 'archived' | 'unarchived';

/**
 * The changes of one's notifications (read, unread, archived, back to the inbox, all read): each calls the API,
 * then reloads every `notifications` query (the bell, the page) and says what happened; a failure is a notice.
 */
export const useNotificationActions = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();

  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: ['notifications'] }), [queryClient]);

  const change = useCallback(
    async (what: NotificationChange, ids: readonly Identifier[], { quiet = false } = {}): Promise<boolean> => {
      const call = {
        read: dataProvider.markNotificationsRead,
        unread: dataProvider.markNotificationsUnread,
        archived: dataProvider.markNotificationsArchived,
        unarchived: dataProvider.markNotificationsUnarchived,
      }[what];
      try {
        const changed = await call(ids);
        if (!quiet) {
          notify(`resources.notifications.notices.${what}`, {
            type: 'info',
            messageArgs: { smart_count: changed.length || ids.length },
          });
        }
        return true;
      } catch {
        notify('resources.notifications.notices.failed', { type: 'error' });
        return false;
      } finally {
        await reload();
      }
    },
    [dataProvider, notify, reload],
  );

  const markAllRead = useCallback(async (): Promise<boolean> => {
    try {
      await dataProvider.markAllNotificationsRead();
      notify('resources.notifications.notices.allRead', { type: 'info' });
      return true;
    } catch {
      notify('resources.notifications.notices.failed', { type: 'error' });
      return false;
    } finally {
      await reload();
    }
  }, [dataProvider, notify, reload]);

  return { change, markAllRead };
};
