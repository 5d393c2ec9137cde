import { useState } from 'react';
import { Alert, Button, Link, Stack } from '@mui/material';
import { email, FormField, required, useSimpleForm } from '../../public/formFields';
import { preloadProviders } from '../../public/lazyProviders';
import { usePageTranslate } from '../../public/pageText';
import { RouterLink } from '../../public/publicRouter';
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
  const translate = usePageTranslate();
  const [isSent, setIsSent] = useState(false);
  const [error, setError] = useState<ErrorMessage | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const form = useSimpleForm({ email: '' }, { email: [required, email] }, async (values) => {
    setError(null);
    setIsSubmitting(true);
    try {
      await request(values.email.trim());
      setIsSent(true);
    } catch (failure) {
      setError(authErrorMessageOf(failure));
    } finally {
      setIsSubmitting(false);
    }
  });

  return (
    <>
      {isSent ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate(sentMessage)}
        </Alert>
      ) : (
        <>
          <ErrorAlert messageKey={error?.key ?? null} options={error?.options} />
          {/* Typing starts loading the request's code. */}
          <form onSubmit={form.handleSubmit} onInput={preloadProviders}>
            <FormField {...form.field('email')} type="email" label="app.auth.email" autoComplete="email" autoFocus />
            <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting} sx={{ mt: 2 }}>
              {translate(submitLabel)}
            </Button>
          </form>
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
