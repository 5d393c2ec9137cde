import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notificationStream } from '../providers';

/**
 * Starts the live notifications of the signed-in user (one stream per tab: the layout mounts once) and turns its
 * events into fresh data: a new notification or a changed unread count reloads every `notifications` query (the
 * bell, the page), a changed ask every `asks` query (the menu's count, the inbox). The stream stops when the
 * layout goes (sign-out) and, by itself, when the session ends.
 */
export const useLiveNotifications = (): void => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const unsubscribe = notificationStream.subscribe((event) => {
      const resource = event.type === 'asks' ? 'asks' : 'notifications';
      void queryClient.invalidateQueries({ queryKey: [resource] });
    });
    notificationStream.start();
    return () => {
      unsubscribe();
      notificationStream.stop();
    };
  }, [queryClient]);
};
