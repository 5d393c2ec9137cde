import type { ReactElement, ReactNode } from 'react';
import { useResourceContext, type Identifier } from 'react-admin';
import { DrawerCreate, DrawerEdit, DrawerShow } from '../DrawerForms';
import { RecordRouteDrawer } from '../RecordRouteDrawer';
import { CreateRefusedDrawer } from './CreateRefusedDrawer';
import { ReadOnlyNotice } from './ReadOnlySection';
import { useCanWriteRecord, useCreatePartnerRefusal, type PartnerResource } from './useCanWriteRecord';
import { DrawerStatus } from './visibility';
import { PartnerToolbar } from './PartnerToolbar';
import type { partnerValidator } from './validation';

/** Wide enough for the opening-hours grid and the gallery beside each other's labels. */
export const PARTNER_DRAWER_WIDTH = 760;

interface PartnerEditDrawerProps {
  resource: PartnerResource;
  id: Identifier;
  onClose: () => void;
  /** The viewer's role may change records of this kind (canAccess `edit`); else the drawer only shows it. */
  mayEdit: boolean;
  /** The record's form, read only when the record is outside the viewer's write scope or role. */
  form: (readOnly: boolean) => ReactNode;
}

/** The role may edit, but this record is outside its write scope (another venue or group, published). */
const ScopedEditDrawer = ({ resource, id, onClose, form }: Omit<PartnerEditDrawerProps, 'mayEdit'>) => {
  const readOnly = !useCanWriteRecord(resource, id);
  return (
    <DrawerEdit
      id={id}
      onClose={onClose}
      width={PARTNER_DRAWER_WIDTH}
      headerExtra={<DrawerStatus isNew={false} readOnly={readOnly} />}
    >
      {readOnly ? <ReadOnlyNotice reason="scope" /> : null}
      {form(readOnly)}
    </DrawerEdit>
  );
};

/**
 * Edit, or read only: over ShowBase when the role may only read records of this kind (a coordinator and its
 * venue), inside the edit drawer when the record is outside the viewer's write scope.
 */
export const PartnerEditDrawer = ({ mayEdit, ...props }: PartnerEditDrawerProps) =>
  mayEdit ? (
    <ScopedEditDrawer {...props} />
  ) : (
    <DrawerShow
      id={props.id}
      onClose={props.onClose}
      width={PARTNER_DRAWER_WIDTH}
      headerExtra={<DrawerStatus isNew={false} readOnly />}
    >
      <ReadOnlyNotice reason="role" />
      {props.form(true)}
    </DrawerShow>
  );

export const PartnerCreateDrawer = ({ onClose, children }: { onClose: () => void; children: ReactNode }) => (
  <DrawerCreate onClose={onClose} width={PARTNER_DRAWER_WIDTH} headerExtra={<DrawerStatus isNew readOnly={false} />}>
    {children}
  </DrawerCreate>
);

interface PartnerRouteDrawerProps {
  create: (onClose: () => void) => ReactElement;
  /** The record's drawer (PartnerEditDrawer); `mayEdit` false opens it read only. */
  record: (id: Identifier, onClose: () => void, mayEdit: boolean) => ReactElement;
}

/**
 * The drawer the route asks for (RecordRouteDrawer): create when this viewer may (useCanCreatePartner), else
 * why not; a record for editing or read only.
 */
export const PartnerRouteDrawer = ({ create, record }: PartnerRouteDrawerProps) => {
  const resource = useResourceContext() as PartnerResource;
  const refusal = useCreatePartnerRefusal(resource);
  const createOrRefusal = (onClose: () => void) => {
    if (refusal === undefined) return null;
    return refusal === null ? create(onClose) : <CreateRefusedDrawer reason={refusal} onClose={onClose} />;
  };
  return (
    <RecordRouteDrawer
      create={createOrRefusal}
      edit={(id, onClose) => record(id, onClose, true)}
      show={(id, onClose) => record(id, onClose, false)}
    />
  );
};

/** What the resource's form is given (its `XForm`, shared by Create and Edit). */
export interface PartnerFormDrawerProps {
  readOnly: boolean;
  isEdit: boolean;
  validate: ReturnType<typeof partnerValidator>;
  defaultValues?: object;
  toolbar: ReactElement | false;
}

/**
 * The create and record drawers beside a partner list, around the resource's one form: Create starts from
 * `defaultValues`; a record opens for editing, or read only (`mayEdit` false: the viewer's role only reads it).
 */
export const PartnerFormDrawers = ({
  resource,
  validate,
  defaultValues,
  form,
}: {
  resource: PartnerResource;
  validate: PartnerFormDrawerProps['validate'];
  defaultValues: object;
  form: (props: PartnerFormDrawerProps) => ReactNode;
}) => (
  <PartnerRouteDrawer
    create={(onClose) => (
      <PartnerCreateDrawer onClose={onClose}>
        {form({
          readOnly: false,
          isEdit: false,
          validate,
          defaultValues,
          toolbar: <PartnerToolbar isEdit={false} />,
        })}
      </PartnerCreateDrawer>
    )}
    record={(id, onClose, mayEdit) => (
      <PartnerEditDrawer
        key={`${String(id)}-${String(mayEdit)}`}
        resource={resource}
        id={id}
        onClose={onClose}
        mayEdit={mayEdit}
        form={(readOnly) =>
          form({ readOnly, isEdit: true, validate, toolbar: readOnly ? false : <PartnerToolbar isEdit /> })
        }
      />
    )}
  />
);
