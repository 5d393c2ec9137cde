import { useState } from 'react';
import { Alert, Button, Link, Stack } from '@mui/material';
import { email, Form, required, TextInput, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PATHS } from '../paths';
import { authErrorMessageOf, type ErrorMessage } from './apiErrors';
import { ErrorAlert } from './ErrorAlert';

export interface EmailRequestFormProps {
  /** The call; the server answers the same whether the account exists or not. */
  request: (email: string) => Promise<unknown>;
  submitLabel: string;
  /** Shown after the request, whatever the email: telling would reveal who has an account. */
  sentMessage: string;
}

/** One email field and one answer: the forgot-password and delete-account requests. */
export const EmailRequestForm = ({ request, submitLabel, sentMessage }: EmailRequestFormProps) => {
  const translate = useTranslate();
  const [isSent, setIsSent] = useState(false);
  const [error, setError] = useState<ErrorMessage | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (values: { email?: string }) => {
    setError(null);
    setIsSubmitting(true);
    try {
      await request(values.email?.trim() ?? '');
      setIsSent(true);
    } catch (failure) {
      setError(authErrorMessageOf(failure));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <>
      {isSent ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate(sentMessage)}
        </Alert>
      ) : (
        <>
          <ErrorAlert messageKey={error?.key ?? null} options={error?.options} />
          <Form onSubmit={submit} disableInvalidFormNotification>
            <TextInput
              source="email"
              type="email"
              label="app.auth.email"
              autoComplete="email"
              validate={[required(), email()]}
              autoFocus
            />
            <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting} sx={{ mt: 2 }}>
              {translate(submitLabel)}
            </Button>
          </Form>
        </>
      )}
      <Stack direction="row" sx={{ mt: 2 }}>
        <Link component={RouterLink} to={PATHS.signIn} variant="body2">
          {translate('app.auth.backToSignIn')}
        </Link>
      </Stack>
    </>
  );
};
