import { createContext, useContext } from 'react';

/**
 * Drops what the signed-in app has cached, after a public page signed someone in or out, so that its next screen
 * asks again for the new session (src/Root.tsx gives the function; nothing to drop when that app never loaded).
 */
export const SessionAnswersContext = createContext<() => Promise<void>>(async () => undefined);

export const useRefreshSessionAnswers = () => useContext(SessionAnswersContext);
