import { loadProviders } from '../../public/lazyProviders';
import { AuthLayout } from './AuthLayout';
import { EmailRequestForm } from './EmailRequestForm';

const requestPasswordReset = async (email: string) => (await loadProviders()).requestPasswordReset(email);

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
