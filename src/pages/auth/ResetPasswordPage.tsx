import { useEffect, useState } from 'react';
import { Button, Typography } from '@mui/material';
import { resetPasswordTokenSchema } from '../../../domain/auth';
import { resetPassword, verifyResetPasswordToken } from '../../publicProviders';
import { sendNotice } from '../../public/notices';
import { usePageTranslate } from '../../public/pageText';
import { PublicLoader } from '../../public/PublicLoader';
import { RouterLink, useNavigateTo, usePathParams } from '../../public/publicRouter';
import { ErrorScreen, reloadFromOrigin } from '../errors/ErrorScreen';
import { PATHS } from '../paths';
import { AuthLayout } from './AuthLayout';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * /reset-password/:resetPasswordToken. The token is checked with the server before the form shows;
 * an unknown, used or expired one gets the not-found style screen, which offers to request a new link.
 */
export const ResetPasswordPage = () => {
  const { resetPasswordToken = '' } = usePathParams();
  const isWellFormed = resetPasswordTokenSchema.safeParse(resetPasswordToken).success;
  const verification = useTokenVerification(isWellFormed ? resetPasswordToken : null);

  if (!isWellFormed || verification === 'failed' || verification === false) return <InvalidResetLink />;
  if (verification === 'pending') return <PublicLoader />;
  return <ResetPasswordForm resetPasswordToken={resetPasswordToken} />;
};

/**
 * Whether the server knows the token: 'pending' until it answered, 'failed' when it could not be asked. Asked
 * on each visit, never cached: the token may be used or expire meanwhile.
 */
const useTokenVerification = (resetPasswordToken: string | null) => {
  const [answer, setAnswer] = useState<{ token: string; known: boolean | 'failed' } | null>(null);
  useEffect(() => {
    if (resetPasswordToken === null) return;
    let isCurrent = true;
    verifyResetPasswordToken(resetPasswordToken)
      .then((known) => isCurrent && setAnswer({ token: resetPasswordToken, known }))
      .catch(() => isCurrent && setAnswer({ token: resetPasswordToken, known: 'failed' }));
    return () => {
      isCurrent = false;
    };
  }, [resetPasswordToken]);
  return answer !== null && answer.token === resetPasswordToken ? answer.known : 'pending';
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
  const navigate = useNavigateTo();
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
