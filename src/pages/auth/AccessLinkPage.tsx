import { useEffect, useRef, useState } from 'react';
import { Button } from '@mui/material';
import { readSessionOrNull, signInWithAccessLink } from '../../publicProviders';
import { PublicLoader } from '../../public/PublicLoader';
import { usePageTranslate } from '../../public/pageText';
import { Navigate, RouterLink, useSearchParams } from '../../public/publicRouter';
import { PATHS } from '../paths';
import { AuthLayout } from './AuthLayout';
import { authErrorKeyOf } from './apiErrors';
import { ErrorAlert } from './ErrorAlert';
import { useCompleteSignIn } from './useCompleteSignIn';

/** The stored session's auth id, or null when nobody is signed in or the session is unreadable. */
const storedAuthId = (): string | null => readSessionOrNull()?.authId ?? null;

/**
 * /auth/sign_in?authId=…&token=…: the landing of an access link. A link for another account
 * than the signed-in one goes back to /auth; otherwise the link signs in, and a user without a
 * password yet continues to /auth/update_password.
 */
export const AccessLinkPage = () => {
  const searchParams = useSearchParams();
  const authId = searchParams.get('authId') ?? '';
  const token = searchParams.get('token') ?? '';
  const stored = storedAuthId();

  if (stored !== null && stored !== authId) return <Navigate to={PATHS.signIn} replace />;
  if (!authId || !token) return <InvalidAccessLink errorKey="app.auth.accessLink.invalid" />;
  return <AccessLinkSignIn authId={authId} token={token} />;
};

const AccessLinkSignIn = ({ authId, token }: { authId: string; token: string }) => {
  const completeSignIn = useCompleteSignIn();
  const [errorKey, setErrorKey] = useState<string | null>(null);
  // The token is single-use: make sure a re-run effect (StrictMode, re-render) never posts it twice.
  const wasPosted = useRef(false);

  useEffect(() => {
    if (wasPosted.current) return;
    wasPosted.current = true;
    signInWithAccessLink(authId, token)
      .then(({ user }) => completeSignIn(user.hasPassword ? PATHS.dashboard : PATHS.updatePassword))
      .catch((error: unknown) => setErrorKey(authErrorKeyOf(error)));
  }, [authId, token, completeSignIn]);

  if (errorKey) return <InvalidAccessLink errorKey={errorKey} />;
  return <PublicLoader />;
};

const InvalidAccessLink = ({ errorKey }: { errorKey: string }) => {
  const translate = usePageTranslate();
  const shownKey =
    errorKey.endsWith('.INVALID_OR_EXPIRED_TOKEN') || errorKey.endsWith('.UNKNOWN')
      ? 'app.auth.accessLink.invalid'
      : errorKey;
  return (
    <AuthLayout title="app.auth.accessLink.title">
      <ErrorAlert messageKey={shownKey} />
      <Button component={RouterLink} to={PATHS.signIn} variant="contained" fullWidth>
        {translate('app.auth.backToSignIn')}
      </Button>
    </AuthLayout>
  );
};
