import type { ReactElement, ReactNode } from 'react';
import type { Identifier } from 'react-admin';
import { DrawerCreate, DrawerEdit } from '../DrawerForms';
import { useDrawerRoute } from '../RecordDrawer';
import { ReadOnlyNotice } from './ReadOnlySection';
import { useCanCreatePartner, useCanWriteRecord, type PartnerResource } from './useCanWriteRecord';
import { DrawerStatus } from './visibility';

/** Wide enough for the opening-hours grid and the gallery beside each other's labels. */
export const PARTNER_DRAWER_WIDTH = 760;

interface PartnerEditDrawerProps {
  resource: PartnerResource;
  id: Identifier;
  onClose: () => void;
  /** The record's form, read only when the record is outside the viewer's write scope. */
  form: (readOnly: boolean) => ReactNode;
}

/** Edit, or read only when the record is outside the viewer's write scope (another venue or group, published). */
export const PartnerEditDrawer = ({ resource, id, onClose, form }: PartnerEditDrawerProps) => {
  const readOnly = !useCanWriteRecord(resource, id);
  return (
    <DrawerEdit id={id} onClose={onClose} width={PARTNER_DRAWER_WIDTH} headerExtra={<DrawerStatus isNew={false} readOnly={readOnly} />}>
      {readOnly ? <ReadOnlyNotice /> : null}
      {form(readOnly)}
    </DrawerEdit>
  );
};

export const PartnerCreateDrawer = ({ onClose, children }: { onClose: () => void; children: ReactNode }) => (
  <DrawerCreate onClose={onClose} width={PARTNER_DRAWER_WIDTH} headerExtra={<DrawerStatus isNew readOnly={false} />}>
    {children}
  </DrawerCreate>
);

interface PartnerRouteDrawerProps {
  resource: PartnerResource;
  create: (onClose: () => void) => ReactElement;
  edit: (id: Identifier, onClose: () => void) => ReactElement;
}

/** The drawer the route asks for: create when this viewer may (useCanCreatePartner), else the record. */
export const PartnerRouteDrawer = ({ resource, create, edit }: PartnerRouteDrawerProps) => {
  const route = useDrawerRoute();
  const canCreate = useCanCreatePartner(resource);
  if (route.mode === 'create') return canCreate ? create(route.close) : null;
  if (route.mode === 'edit') return edit(route.id, route.close);
  return null;
};
