import { useMediaQuery, type Theme } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { CreateButton, ExportButton, FilterButton, List, TopToolbar, useCanAccess, type Exporter } from 'react-admin';
import { PartnerEmpty } from './PartnerEmpty';
import { useCanCreatePartner, type PartnerResource } from './useCanWriteRecord';

/** Filters, Create (only for a viewer the server would let create: useCanCreatePartner) and the CSV export. */
const PartnerListActions = ({ resource }: { resource: PartnerResource }) => {
  const canCreate = useCanCreatePartner(resource);
  const { canAccess: canExport } = useCanAccess({ resource, action: 'export' });
  return (
    <TopToolbar>
      <FilterButton />
      {canCreate ? <CreateButton /> : null}
      {canExport ? <ExportButton /> : null}
    </TopToolbar>
  );
};

interface PartnerListProps {
  resource: PartnerResource;
  /** The API's flat sort name of the record's name (establishmentName, promoterName). */
  nameSortField: string;
  filters: ReactElement[];
  exporter: Exporter;
  /** The desktop table; bulk buttons only for viewers who may edit. */
  table: (canBulkEdit: boolean) => ReactNode;
  /** Phones: a list instead of the table. */
  simpleList: ReactNode;
  /** The create or edit drawer beside the list (PartnerRouteDrawer). */
  drawer: ReactNode;
}

/** The list page establishments and promoter groups share: sorted by name, 25 a page, a drawer for records. */
export const PartnerList = ({
  resource,
  nameSortField,
  filters,
  exporter,
  table,
  simpleList,
  drawer,
}: PartnerListProps) => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  return (
    <>
      <List
        sort={{ field: nameSortField, order: 'ASC' }}
        filters={filters}
        perPage={25}
        actions={<PartnerListActions resource={resource} />}
        exporter={exporter}
        empty={<PartnerEmpty />}
      >
        {isPhone ? simpleList : table(Boolean(canEdit))}
      </List>
      {drawer}
    </>
  );
};
