import { useState } from 'react';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { confirmAccountDeletion } from '../../publicProviders';
import { usePageTranslate } from '../../public/pageText';
import { RouterLink, usePathParams } from '../../public/publicRouter';
import { useRefreshSessionAnswers } from '../../public/sessionAnswers';
import { PATHS } from '../paths';
import { AuthLayout } from './AuthLayout';
import { authErrorCodeOf, authErrorKeyOf } from './apiErrors';
import { ErrorAlert } from './ErrorAlert';

/**
 * /delete-account/:confirmDeleteAccountToken: explains what deletion means and waits for an explicit
 * confirmation, because the link is consumed by that POST and deletion cannot be undone.
 */
export const ConfirmDeleteAccountPage = () => {
  const { confirmDeleteAccountToken = '' } = usePathParams();
  const translate = usePageTranslate();
  const refreshSessionAnswers = useRefreshSessionAnswers();
  const [isDeleted, setIsDeleted] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const confirm = async () => {
    setErrorKey(null);
    setIsSubmitting(true);
    try {
      await confirmAccountDeletion(confirmDeleteAccountToken);
      // confirmAccountDeletion signed this browser out (server and storage); react-admin must forget its answer too.
      await refreshSessionAnswers();
      setIsDeleted(true);
    } catch (error) {
      const code = authErrorCodeOf(error);
      setErrorKey(
        code === 'UNKNOWN' || code === 'INVALID_OR_EXPIRED_TOKEN'
          ? 'app.auth.deleteAccount.invalidLink'
          : authErrorKeyOf(error),
      );
    } finally {
      setIsSubmitting(false);
    }
  };

  if (isDeleted) {
    return (
      <AuthLayout title="app.auth.deleteAccount.deletedTitle">
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate('app.auth.deleteAccount.deleted')}
        </Alert>
        <Link component={RouterLink} to={PATHS.signIn} variant="body2">
          {translate('app.auth.backToSignIn')}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="app.auth.deleteAccount.confirmTitle">
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('app.auth.deleteAccount.confirmExplanation')}
      </Typography>
      <ErrorAlert messageKey={errorKey} />
      <Stack spacing={2}>
        <Button variant="contained" color="error" size="large" fullWidth loading={isSubmitting} onClick={confirm}>
          {translate('app.auth.deleteAccount.confirm')}
        </Button>
        <Link component={RouterLink} to={PATHS.signIn} variant="body2">
          {translate('app.auth.backToSignIn')}
        </Link>
      </Stack>
    </AuthLayout>
  );
};
