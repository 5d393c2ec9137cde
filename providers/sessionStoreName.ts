/**
 * Where the session is kept in localStorage (providers/session.ts). Apart from the store, which brings the
 * encryption and the schemas, so that a page can tell whether anything is stored without loading them.
 */
export const SESSION_STORE_NAME = 'backoffice.session';

/** Whether a session text is stored, readable or not; false when storage is unavailable. */
export const hasStoredSessionText = (storage: () => Storage, storeName = SESSION_STORE_NAME): boolean => {
  try {
    return storage().getItem(storeName) !== null;
  } catch {
    return false;
  }
};
