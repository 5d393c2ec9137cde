import { createContext, useContext } from 'react';

/**
 * Refreshes what the signed-in app has cached about the session, after a public page signed someone in or
 * out (src/Root.tsx gives the function: react-admin's cached auth answers, when that app was loaded).
 */
export const SessionAnswersContext = createContext<() => Promise<void>>(async () => undefined);

export const useRefreshSessionAnswers = () => useContext(SessionAnswersContext);
