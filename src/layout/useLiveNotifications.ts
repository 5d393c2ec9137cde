import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notificationStream } from '../providers';
import { dashboardCardKey } from '../pages/dashboard/useDashboard';

/**
 * Starts the live notifications of the signed-in user (one stream per tab: the layout mounts once) and turns its
 * events into fresh data: the unread count, which the server sends after every batch of new notifications and
 * after every read or archive, reloads every `notifications` query (the bell, the page) once per batch; a changed
 * ask reloads every `asks` query (the menu's count, the inbox); the dashboard's cards follow
 * (the unread count as it came, the pending asks read again). The stream stops when the
 * layout goes (sign-out) and, by itself, when the session ends.
 */
export const useLiveNotifications = (): void => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const unsubscribe = notificationStream.subscribe((event) => {
      // New notifications come followed by `unread` in the same send: that one reloads them, once.
      if (event.type === 'notification') return;
      if (event.type === 'asks') {
        void queryClient.invalidateQueries({ queryKey: ['asks'] });
        void queryClient.invalidateQueries({ queryKey: dashboardCardKey('pendingAsks') });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
      if (queryClient.getQueryData(dashboardCardKey('unreadNotifications'))) {
        queryClient.setQueryData(dashboardCardKey('unreadNotifications'), { count: event.unread });
      }
    });
    notificationStream.start();
    return () => {
      unsubscribe();
      notificationStream.stop();
    };
  }, [queryClient]);
};
