import { hasStoredSessionText } from '../../providers/sessionStoreName';

/**
 * The public pages' way to the session and the auth calls (src/publicProviders.ts): loaded when first needed —
 * a stored session to check, a form being filled in, a link being opened — rather than with the page, since
 * they bring the HTTP client, the session's encryption and the schemas that check the answers.
 */
export const loadProviders = () => import('../publicProviders');

/** Starts loading them ahead of need (a form being filled in), so that its submission does not wait. */
export const preloadProviders = (): void => {
  loadProviders().catch(() => undefined);
};

/** Whether a session is stored, readable or not, without loading them. */
export const hasStoredSession = (): boolean => hasStoredSessionText(() => globalThis.localStorage);
