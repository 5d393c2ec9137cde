import { useState } from 'react';
import SendIcon from '@mui/icons-material/Send';
import { useMutation } from '@tanstack/react-query';
import { Button, Confirm, useCanAccess, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { UserRecord } from '../../domain/user';
import { errorCodeOf, errorMessageKeyOf } from '../shared/resourceErrors';

/**
 * "Send access link": after a confirmation, POST /users/:id/send-access-link mails the user a one-time
 * sign-in link, for onboarding or when they cannot sign in. Shown to who may edit users.
 */
export const SendAccessLinkButton = () => {
  const user = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'edit', record: user });
  const [confirming, setConfirming] = useState(false);
  const { mutate, isPending } = useMutation({
    mutationFn: (id: UserRecord['id']) => dataProvider.sendAccessLink(id),
    onSuccess: () =>
      notify('resources.users.accessLink.sent', { type: 'success', messageArgs: { email: user?.email ?? '' } }),
    onError: (error: unknown) =>
      notify('resources.users.accessLink.failed', {
        type: 'error',
        messageArgs: { reason: translate(errorMessageKeyOf(error), { _: errorCodeOf(error) ?? '' }) },
      }),
  });
  if (!user || !canAccess) return null;
  return (
    <>
      <Button label="resources.users.accessLink.button" onClick={() => setConfirming(true)} disabled={isPending}>
        <SendIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title="resources.users.accessLink.confirmTitle"
        content="resources.users.accessLink.confirmContent"
        contentTranslateOptions={{ email: user.email }}
        onConfirm={() => {
          setConfirming(false);
          mutate(user.id);
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};
