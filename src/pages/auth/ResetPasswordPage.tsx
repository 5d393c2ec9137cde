import { useQuery } from '@tanstack/react-query';
import { Button, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { resetPasswordTokenSchema } from '../../../domain/auth';
import { resetPassword, verifyResetPasswordToken } from '../../publicProviders';
import { sendNotice } from '../../public/notices';
import { usePageTranslate } from '../../public/pageText';
import { PublicLoader } from '../../public/PublicLoader';
import { ErrorScreen, reloadFromOrigin } from '../errors/ErrorScreen';
import { PATHS } from '../paths';
import { AuthLayout } from './AuthLayout';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * /reset-password/:resetPasswordToken. The token is checked with the server before the form shows;
 * an unknown, used or expired one gets the not-found style screen, which offers to request a new link.
 */
export const ResetPasswordPage = () => {
  const { resetPasswordToken = '' } = useParams();
  const isWellFormed = resetPasswordTokenSchema.safeParse(resetPasswordToken).success;
  const verification = useQuery({
    queryKey: ['resetPasswordToken', resetPasswordToken],
    queryFn: () => verifyResetPasswordToken(resetPasswordToken),
    enabled: isWellFormed,
    // The answer is only good for this visit: the token may be used or expire meanwhile.
    gcTime: 0,
    staleTime: 0,
  });

  if (!isWellFormed || verification.isError || verification.data === false) return <InvalidResetLink />;
  if (verification.isPending) return <PublicLoader />;
  return <ResetPasswordForm resetPasswordToken={resetPasswordToken} />;
};

const InvalidResetLink = () => {
  const translate = usePageTranslate();
  return (
    <ErrorScreen
      title={translate('app.errors.crash.title')}
      appName={translate('app.name')}
      refreshLabel={translate('app.errors.refresh')}
      onRefresh={reloadFromOrigin}
      actions={
        <Button variant="contained" component={RouterLink} to={PATHS.forgotPassword}>
          {translate('app.errors.invalidResetLink.requestNewLink')}
        </Button>
      }
    >
      <Typography color="text.secondary">{translate('app.errors.invalidResetLink.description')}</Typography>
    </ErrorScreen>
  );
};

const ResetPasswordForm = ({ resetPasswordToken }: { resetPasswordToken: string }) => {
  const navigate = useNavigate();
  const onChanged = () => {
    sendNotice('app.auth.resetPassword.done', 'success');
    navigate(PATHS.signIn, { replace: true });
  };
  return (
    <AuthLayout title="app.auth.resetPassword.title" subtitle="app.auth.resetPassword.subtitle">
      <ChangePasswordForm
        hasPassword={false}
        onChanged={onChanged}
        submitLabel="app.auth.resetPassword.submit"
        save={({ newPassword }) => resetPassword(resetPasswordToken, newPassword)}
      />
    </AuthLayout>
  );
};
