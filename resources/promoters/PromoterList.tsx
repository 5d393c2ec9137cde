import { DataTable, SearchInput, SelectInput, SimpleList, useRecordContext } from 'react-admin';
import type { Promoter } from '../../domain/promoter';
import { BulkVisibilityButtons } from '../shared/partner/BulkVisibilityButtons';
import { LogoThumbnail } from '../shared/partner/LogoThumbnail';
import { PartnerRouteDrawer } from '../shared/partner/PartnerDrawers';
import { PartnerList } from '../shared/partner/PartnerList';
import { VisibilityField, visibilityChoices } from '../shared/partner/visibility';
import { ReferenceDataChipsField, ReferenceDataInput } from '../shared/inputs';
import { PromoterCreate, PromoterEdit } from './PromoterForms';
import { usePromoterExporter } from './promoterExporter';
import { DateTimeField } from '../shared/DateTimeField';

const FIELDS = 'resources.promoters.fields';

/** Filter keys of GET /promoters (server/routes/promoters.ts). */
const promoterFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceDataInput key="promoterType" source="promoterTypeId" kind="promoter-types" label={`${FIELDS}.generalInfos.promoterTypesIds`} />,
  <ReferenceDataInput key="eventType" source="eventTypeId" kind="event-types" label={`${FIELDS}.generalInfos.evenTypesIds`} />,
  <ReferenceDataInput key="music" source="musicId" kind="musics" label="resources.partners.filters.music" />,
  <SelectInput key="visibility" source="visibility" label={`${FIELDS}.visibility`} choices={visibilityChoices} />,
];

const Logo = ({ record }: { record: Promoter }) => <LogoThumbnail logo={record.generalInfos.logo} name={record.generalInfos.promoterName} />;

const LogoField = () => {
  const record = useRecordContext<Promoter>();
  return record ? <Logo record={record} /> : null;
};

const PromoterTable = ({ canBulkEdit }: { canBulkEdit: boolean }) => (
  <DataTable<Promoter> rowClick="edit" bulkActionButtons={canBulkEdit ? <BulkVisibilityButtons /> : false}>
    <DataTable.Col label={`${FIELDS}.generalInfos.logo`} disableSort>
      <LogoField />
    </DataTable.Col>
    {/* The API sorts on flat names (promoterName, updatedAt); the values sit in the sections. */}
    <DataTable.Col source="promoterName" label={`${FIELDS}.generalInfos.promoterName`} render={(record) => record.generalInfos.promoterName} />
    <DataTable.Col label={`${FIELDS}.generalInfos.promoterTypesIds`} disableSort>
      <ReferenceDataChipsField source="generalInfos.promoterTypesIds" kind="promoter-types" />
    </DataTable.Col>
    <DataTable.Col label={`${FIELDS}.generalInfos.evenTypesIds`} disableSort>
      <ReferenceDataChipsField source="generalInfos.evenTypesIds" kind="event-types" />
    </DataTable.Col>
    <DataTable.Col label={`${FIELDS}.specificInfos.musics`} disableSort>
      <ReferenceDataChipsField source="specificInfos.musics" kind="musics" />
    </DataTable.Col>
    <DataTable.Col source="visibility" label={`${FIELDS}.visibility`}>
      <VisibilityField />
    </DataTable.Col>
    <DataTable.Col source="updatedAt" label={`${FIELDS}.updatedAt`}>
      <DateTimeField source="updatedAt" />
    </DataTable.Col>
  </DataTable>
);

const PromoterSimpleList = () => (
  <SimpleList<Promoter>
    rowClick="edit"
    leftAvatar={(record) => <Logo record={record} />}
    primaryText={(record) => record.generalInfos.promoterName}
    secondaryText={(record) => record.generalInfos.email ?? ''}
    tertiaryText={<VisibilityField />}
  />
);

/** Promoter groups (issue 4): the same list and drawer as establishments, without address and hours. */
export const PromoterList = () => {
  const exporter = usePromoterExporter();
  return (
    <PartnerList
      resource="promoters"
      nameSortField="promoterName"
      filters={promoterFilters}
      exporter={exporter}
      table={(canBulkEdit) => <PromoterTable canBulkEdit={canBulkEdit} />}
      simpleList={<PromoterSimpleList />}
      drawer={
        <PartnerRouteDrawer
          resource="promoters"
          create={(onClose) => <PromoterCreate onClose={onClose} />}
          edit={(id, onClose) => <PromoterEdit key={String(id)} id={id} onClose={onClose} />}
        />
      }
    />
  );
};
