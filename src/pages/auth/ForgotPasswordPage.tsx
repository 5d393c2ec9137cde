import { requestPasswordReset } from '../../publicProviders';
import { AuthLayout } from './AuthLayout';
import { EmailRequestForm } from './EmailRequestForm';

/** /forgot-password: asks for a reset link by email. */
export const ForgotPasswordPage = () => (
  <AuthLayout title="app.auth.forgotPassword.title" subtitle="app.auth.forgotPassword.subtitle">
    <EmailRequestForm
      request={requestPasswordReset}
      submitLabel="app.auth.forgotPassword.submit"
      sentMessage="app.auth.forgotPassword.sent"
    />
  </AuthLayout>
);
