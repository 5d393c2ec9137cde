import { useState, type ReactNode } from 'react';
import { Alert, Button } from '@mui/material';
import {
  CreateBase,
  EditBase,
  ShowBase,
  useCreateContext,
  useEditContext,
  useShowContext,
  useTranslate,
  type Identifier,
  type RaRecord,
  type RedirectionSideEffect,
  type TransformData,
} from 'react-admin';
import { isEditConflict, useNotifyResourceError, useOnRecordUnreadable } from './resourceErrors';
import { RecordDrawer } from './RecordDrawer';

/**
 * The create and edit screens of a drawer. Saves are pessimistic: the server's answer arrives before the
 * drawer closes, so field errors land on their fields and a conflict is shown where the user is.
 */

interface DrawerFormProps {
  onClose: () => void;
  children: ReactNode;
  transform?: TransformData;
  /** Passed to RecordDrawer: a status beside the title, a wider drawer. */
  headerExtra?: ReactNode;
  width?: number;
  /** Where a save leads (default: the resource's list); pages outside the resource routes name their own. */
  redirect?: RedirectionSideEffect;
}

const EditTitle = () => <>{useEditContext().defaultTitle}</>;
const ShowTitle = () => <>{useShowContext().defaultTitle}</>;
const CreateTitle = () => <>{useCreateContext().defaultTitle}</>;

/**
 * 409 EDIT_CONFLICT: someone saved the record since it was read. The form keeps what the user typed;
 * Reload fetches the record again, which resets the form to the other person's version.
 */
const EditConflictAlert = ({ onReloaded }: { onReloaded: () => void }) => {
  const translate = useTranslate();
  const { refetch } = useEditContext();
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      await refetch();
      onReloaded();
    } finally {
      setReloading(false);
    }
  };
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ m: 2, mb: 0 }}
      action={
        <Button color="inherit" size="small" onClick={reload} disabled={reloading}>
          {translate('resources.shared.conflict.reload')}
        </Button>
      }
    >
      {translate('resources.shared.conflict.message')}
    </Alert>
  );
};

export const DrawerEdit = ({
  id,
  onClose,
  children,
  transform,
  headerExtra,
  width,
  redirect = 'list',
}: DrawerFormProps & { id: Identifier }) => {
  const [conflict, setConflict] = useState(false);
  const notifyError = useNotifyResourceError();
  const onUnreadable = useOnRecordUnreadable();
  return (
    <EditBase<RaRecord>
      id={id}
      mutationMode="pessimistic"
      redirect={redirect}
      transform={transform}
      queryOptions={{ onError: onUnreadable }}
      mutationOptions={{
        onError: (error: unknown) => {
          if (isEditConflict(error)) setConflict(true);
          else notifyError(error);
        },
      }}
    >
      <RecordDrawer open onClose={onClose} title={<EditTitle />} headerExtra={headerExtra} width={width}>
        {conflict ? <EditConflictAlert onReloaded={() => setConflict(false)} /> : null}
        {children}
      </RecordDrawer>
    </EditBase>
  );
};

/**
 * A record the viewer may read but not change (react-admin's show action): the same drawer over ShowBase,
 * which asks canAccess for `show`, where EditBase would send the viewer to the access-denied page.
 */
export const DrawerShow = ({
  id,
  onClose,
  children,
  headerExtra,
  width,
}: Omit<DrawerFormProps, 'transform'> & { id: Identifier }) => {
  const onUnreadable = useOnRecordUnreadable();
  return (
    <ShowBase<RaRecord> id={id} queryOptions={{ onError: onUnreadable }}>
      <RecordDrawer open onClose={onClose} title={<ShowTitle />} headerExtra={headerExtra} width={width}>
        {children}
      </RecordDrawer>
    </ShowBase>
  );
};

export const DrawerCreate = ({
  onClose,
  children,
  transform,
  headerExtra,
  width,
  redirect = 'list',
}: DrawerFormProps) => {
  const notifyError = useNotifyResourceError();
  return (
    <CreateBase redirect={redirect} transform={transform} mutationOptions={{ onError: notifyError }}>
      <RecordDrawer open onClose={onClose} title={<CreateTitle />} headerExtra={headerExtra} width={width}>
        {children}
      </RecordDrawer>
    </CreateBase>
  );
};
