import { useEffect, useState } from 'react';
import { Button, Link, Stack } from '@mui/material';
import { email, FormField, required, useSimpleForm } from '../../public/formFields';
import { hasStoredSession, loadProviders, preloadProviders } from '../../public/lazyProviders';
import { usePageTranslate } from '../../public/pageText';
import { PublicLoader } from '../../public/PublicLoader';
import { Navigate, RouterLink, usePublicLocation } from '../../public/publicRouter';
import { PATHS, pathAfterSignIn } from '../paths';
import { AuthLayout } from './AuthLayout';
import { authErrorMessageOf, type ErrorMessage } from './apiErrors';
import { ErrorAlert } from './ErrorAlert';
import { rememberSignInNotice, takeSignInNotice } from './signInNotice';
import { useCompleteSignIn } from './useCompleteSignIn';

/**
 * Whether a usable session is stored (react-admin's useAuthState, which this page no longer loads). A stored
 * session that cannot be read is reported on the form, as the signed-in app's check does. With nothing
 * stored, the answer is known at once, without loading the session's code.
 */
const checkSignedIn = async (): Promise<boolean> => {
  if (!hasStoredSession()) return false;
  const [{ authProvider }, { isUnreadableSessionError }] = await Promise.all([
    loadProviders(),
    import('./signInCheck'),
  ]);
  try {
    await authProvider.checkAuth({});
    return true;
  } catch (error) {
    if (isUnreadableSessionError(error)) rememberSignInNotice(error.reason);
    return false;
  }
};

const useIsSignedIn = () => {
  const [answer, setAnswer] = useState<{ data: boolean | undefined; isPending: boolean }>(() =>
    hasStoredSession() ? { data: undefined, isPending: true } : { data: false, isPending: false },
  );
  useEffect(() => {
    if (!answer.isPending) return;
    let isCurrent = true;
    checkSignedIn()
      .then((isSignedIn) => isCurrent && setAnswer({ data: isSignedIn, isPending: false }))
      .catch(() => isCurrent && setAnswer({ data: false, isPending: false }));
    return () => {
      isCurrent = false;
    };
  }, [answer.isPending]);
  return answer;
};

/** /auth: email and password; a visitor who is already signed in goes on to the dashboard. */
export const SignInPage = () => {
  const { data: authenticated, isPending } = useIsSignedIn();
  const [isSigningIn, setIsSigningIn] = useState(false);

  // Once the form signs in, it decides where to go (maybe back to the page that sent the visitor here).
  if (authenticated && !isSigningIn) return <Navigate to={PATHS.dashboard} replace />;
  if (isPending) return <PublicLoader />;
  return <SignInForm onSigningIn={setIsSigningIn} />;
};

const SignInForm = ({ onSigningIn }: { onSigningIn: (isSigningIn: boolean) => void }) => {
  const translate = usePageTranslate();
  const completeSignIn = useCompleteSignIn();
  const location = usePublicLocation();
  const [notice] = useState(takeSignInNotice);
  const [error, setError] = useState<ErrorMessage | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const form = useSimpleForm(
    { email: '', password: '' },
    { email: [required, email], password: [required] },
    async (values) => {
      setError(null);
      setIsSubmitting(true);
      onSigningIn(true);
      try {
        const { authProvider } = await loadProviders();
        await authProvider.login({ email: values.email.trim(), password: values.password });
      } catch (failure) {
        setError(authErrorMessageOf(failure));
        setIsSubmitting(false);
        onSigningIn(false);
        return;
      }
      await completeSignIn(pathAfterSignIn(location.state));
    },
  );

  return (
    <AuthLayout title="app.auth.signIn.title" subtitle="app.auth.signIn.subtitle">
      <ErrorAlert messageKey={error?.key ?? (notice ? `app.auth.errors.${notice}` : null)} options={error?.options} />
      {/* Typing (or a password manager filling in) starts loading the sign-in's code. */}
      <form onSubmit={form.handleSubmit} onInput={preloadProviders}>
        <FormField {...form.field('email')} type="email" label="app.auth.email" autoComplete="username" autoFocus />
        <FormField
          {...form.field('password')}
          type="password"
          label="app.auth.password"
          autoComplete="current-password"
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting} sx={{ mt: 2 }}>
          {translate('app.auth.signIn.submit')}
        </Button>
      </form>
      <Stack direction="row" sx={{ mt: 2, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to={PATHS.forgotPassword} variant="body2">
          {translate('app.auth.signIn.forgotPassword')}
        </Link>
      </Stack>
    </AuthLayout>
  );
};
