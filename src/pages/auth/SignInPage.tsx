import { useState } from 'react';
import { Button, Link, Stack } from '@mui/material';
import { email, Form, required, TextInput, useAuthProvider, useAuthState, useTranslate } from 'react-admin';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import { PATHS, pathAfterSignIn } from '../paths';
import { DelayedLoader } from '../../../resources/shared/DelayedLoader';
import { AuthLayout } from './AuthLayout';
import { authErrorMessageOf, type ErrorMessage } from './apiErrors';
import { ErrorAlert } from './ErrorAlert';
import { takeSignInNotice } from './signInNotice';
import { useCompleteSignIn } from './useCompleteSignIn';

interface SignInValues {
  email: string;
  password: string;
}

/** /auth: email and password; a visitor who is already signed in goes on to the dashboard. */
export const SignInPage = () => {
  const { authenticated, isPending } = useAuthState();
  const [isSigningIn, setIsSigningIn] = useState(false);

  // Once the form signs in, it decides where to go (maybe back to the page that sent the visitor here).
  if (authenticated && !isSigningIn) return <Navigate to={PATHS.dashboard} replace />;
  if (isPending) return <DelayedLoader />;
  return <SignInForm onSigningIn={setIsSigningIn} />;
};

const SignInForm = ({ onSigningIn }: { onSigningIn: (isSigningIn: boolean) => void }) => {
  const translate = useTranslate();
  const authProvider = useAuthProvider();
  const completeSignIn = useCompleteSignIn();
  const location = useLocation();
  const [notice] = useState(takeSignInNotice);
  const [error, setError] = useState<ErrorMessage | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (values: Partial<SignInValues>) => {
    setError(null);
    setIsSubmitting(true);
    onSigningIn(true);
    try {
      await authProvider?.login({ email: values.email?.trim(), password: values.password });
    } catch (failure) {
      setError(authErrorMessageOf(failure));
      setIsSubmitting(false);
      onSigningIn(false);
      return;
    }
    await completeSignIn(pathAfterSignIn(location.state));
  };

  return (
    <AuthLayout title="app.auth.signIn.title" subtitle="app.auth.signIn.subtitle">
      <ErrorAlert messageKey={error?.key ?? (notice ? `app.auth.errors.${notice}` : null)} options={error?.options} />
      <Form onSubmit={submit} disableInvalidFormNotification>
        <TextInput
          source="email"
          type="email"
          label="app.auth.email"
          autoComplete="username"
          validate={[required(), email()]}
          autoFocus
        />
        <TextInput
          source="password"
          type="password"
          label="app.auth.password"
          autoComplete="current-password"
          validate={required()}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting} sx={{ mt: 2 }}>
          {translate('app.auth.signIn.submit')}
        </Button>
      </Form>
      <Stack direction="row" sx={{ mt: 2, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to={PATHS.forgotPassword} variant="body2">
          {translate('app.auth.signIn.forgotPassword')}
        </Link>
      </Stack>
    </AuthLayout>
  );
};
