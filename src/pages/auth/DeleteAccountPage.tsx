import { loadProviders } from '../../public/lazyProviders';
import { AuthLayout } from './AuthLayout';
import { EmailRequestForm } from './EmailRequestForm';

const requestAccountDeletion = async (email: string) => (await loadProviders()).requestAccountDeletion(email);

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
