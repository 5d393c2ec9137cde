import { useState } from 'react';
import { Button, Link, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import { email, FormField, required, useSimpleForm } from '../../public/formFields';
import { usePageTranslate } from '../../public/pageText';
import { PublicLoader } from '../../public/PublicLoader';
import { authProvider } from '../../publicProviders';
import { PATHS, pathAfterSignIn } from '../paths';
import { AuthLayout } from './AuthLayout';
import { authErrorMessageOf, type ErrorMessage } from './apiErrors';
import { ErrorAlert } from './ErrorAlert';
import { isUnreadableSessionError, rememberSignInNotice, takeSignInNotice } from './signInNotice';
import { useCompleteSignIn } from './useCompleteSignIn';

/**
 * Whether a usable session is stored (react-admin's useAuthState, which this page no longer loads). A stored
 * session that cannot be read is reported on the form, as the signed-in app's check does.
 */
const useIsSignedIn = () =>
  useQuery({
    queryKey: ['auth', 'signInPage'],
    queryFn: async () => {
      try {
        await authProvider.checkAuth({});
        return true;
      } catch (error) {
        if (isUnreadableSessionError(error)) rememberSignInNotice(error.reason);
        return false;
      }
    },
    gcTime: 0,
    staleTime: 0,
  });

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
  const location = useLocation();
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
      <form onSubmit={form.handleSubmit}>
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
