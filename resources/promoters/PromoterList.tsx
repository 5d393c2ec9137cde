import { DataTable, SearchInput, SelectInput } from 'react-admin';
import type { Promoter } from '../../domain/promoter';
import { BulkVisibilityButtons } from '../shared/partner/BulkVisibilityButtons';
import { partnerClosingColumns, partnerLogoColumn, PartnerSimpleList } from '../shared/partner/PartnerColumns';
import { PartnerList } from '../shared/partner/PartnerList';
import { useCanWriteRecords } from '../shared/partner/useCanWriteRecord';
import { useRecordRowClick } from '../shared/RecordRouteDrawer';
import { visibilityChoices } from '../shared/partner/visibility';
import { ReferenceDataChipsField, ReferenceDataInput } from '../shared/inputs';
import { PromoterDrawers } from './PromoterForms';
import { usePromoterExporter } from './promoterExporter';

const FIELDS = 'resources.promoters.fields';

/** Filter keys of GET /promoters (server/routes/promoters.ts). */
const promoterFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceDataInput
    key="promoterType"
    source="promoterTypeId"
    kind="promoter-types"
    label={`${FIELDS}.generalInfos.promoterTypesIds`}
  />,
  <ReferenceDataInput
    key="eventType"
    source="eventTypeId"
    kind="event-types"
    label={`${FIELDS}.generalInfos.evenTypesIds`}
  />,
  <ReferenceDataInput key="music" source="musicId" kind="musics" label="resources.partners.filters.music" />,
  <SelectInput key="visibility" source="visibility" label={`${FIELDS}.visibility`} choices={visibilityChoices} />,
];

const nameOf = (record: Promoter) => record.generalInfos.promoterName;

const PromoterTable = ({ canBulkEdit }: { canBulkEdit: boolean }) => {
  const rowClick = useRecordRowClick();
  const canWrite = useCanWriteRecords('promoters');
  return (
    <DataTable<Promoter>
      rowClick={rowClick}
      bulkActionButtons={canBulkEdit ? <BulkVisibilityButtons /> : false}
      isRowSelectable={(record) => canWrite(record.id)}
    >
      {partnerLogoColumn('promoters', nameOf)}
      {/* The API sorts on flat names (promoterName, updatedAt); the values sit in the sections. */}
      <DataTable.Col
        source="promoterName"
        label={`${FIELDS}.generalInfos.promoterName`}
        render={(record) => record.generalInfos.promoterName}
      />
      <DataTable.Col label={`${FIELDS}.generalInfos.promoterTypesIds`} disableSort>
        <ReferenceDataChipsField source="generalInfos.promoterTypesIds" kind="promoter-types" />
      </DataTable.Col>
      <DataTable.Col label={`${FIELDS}.generalInfos.evenTypesIds`} disableSort>
        <ReferenceDataChipsField source="generalInfos.evenTypesIds" kind="event-types" />
      </DataTable.Col>
      <DataTable.Col label={`${FIELDS}.specificInfos.musics`} disableSort>
        <ReferenceDataChipsField source="specificInfos.musics" kind="musics" />
      </DataTable.Col>
      {partnerClosingColumns('promoters')}
    </DataTable>
  );
};

const PromoterSimpleList = () => (
  <PartnerSimpleList<Promoter> nameOf={nameOf} secondaryText={(record) => record.generalInfos.email ?? ''} />
);

/** Promoter groups: the same list and drawer as establishments, without address and hours. */
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
      drawer={<PromoterDrawers />}
    />
  );
};
