import { readSessionOrNull } from '../../publicProviders';
import { sendNotice } from '../../public/notices';
import { Navigate, useNavigateTo } from '../../public/publicRouter';
import { PATHS } from '../paths';
import { AuthLayout } from './AuthLayout';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * /auth/update_password: sets a first password after an access link, or changes it. It needs a
 * session (the call carries the bearer token), so a visitor without one goes to /auth.
 */
export const UpdatePasswordPage = () => {
  const navigate = useNavigateTo();
  const session = readSessionOrNull();
  if (!session) return <Navigate to={PATHS.signIn} replace />;
  const user = session.authenticatedUser;

  const onChanged = () => {
    sendNotice('app.password.changed', 'success');
    navigate(PATHS.dashboard, { replace: true });
  };

  return (
    <AuthLayout
      title={user.hasPassword ? 'app.auth.updatePassword.changeTitle' : 'app.auth.updatePassword.setTitle'}
      subtitle={user.hasPassword ? undefined : 'app.auth.updatePassword.setSubtitle'}
    >
      <ChangePasswordForm
        hasPassword={user.hasPassword}
        accountEmail={user.email}
        onChanged={onChanged}
        submitLabel="app.password.save"
      />
    </AuthLayout>
  );
};
