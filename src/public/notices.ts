/**
 * Notices (toasts) a public page sends just before it moves on: shown by the public pages' own toasts when the
 * next page is public too (a reset password, then /auth), or by the signed-in app once it has loaded (a
 * first password set, then the dashboard). A notice waits here until one of them takes it.
 */
export type NoticeType = 'success' | 'info' | 'warning' | 'error';

export interface Notice {
  message: string;
  type: NoticeType;
}

let waiting: Notice[] = [];
const listeners = new Set<() => void>();

export const sendNotice = (message: string, type: NoticeType = 'info'): void => {
  waiting = [...waiting, { message, type }];
  listeners.forEach((listener) => listener());
};

export const takeNotices = (): Notice[] => {
  const taken = waiting;
  waiting = [];
  return taken;
};

/** Forgets what waits (a sign-in starts afresh, as react-admin's resetNotifications does). */
export const dropNotices = (): void => {
  waiting = [];
};

export const waitingNoticeCount = (): number => waiting.length;

export const subscribeToNotices = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
