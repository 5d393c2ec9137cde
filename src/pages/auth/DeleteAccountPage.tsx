import { requestAccountDeletion } from '../../publicProviders';
import { AuthLayout } from './AuthLayout';
import { EmailRequestForm } from './EmailRequestForm';

/** /delete-account: mails a confirmation link to the account's address. */
export const DeleteAccountPage = () => (
  <AuthLayout title="app.auth.deleteAccount.title" subtitle="app.auth.deleteAccount.subtitle">
    <EmailRequestForm
      request={requestAccountDeletion}
      submitLabel="app.auth.deleteAccount.submit"
      sentMessage="app.auth.deleteAccount.sent"
    />
  </AuthLayout>
);
