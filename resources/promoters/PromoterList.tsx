import { DataTable, SearchInput, SelectInput, SimpleList, useRecordContext } from 'react-admin';
import type { Promoter } from '../../domain/promoter';
import { BulkVisibilityButtons } from '../shared/partner/BulkVisibilityButtons';
import { LogoThumbnail } from '../shared/partner/LogoThumbnail';
import { PartnerRouteDrawer } from '../shared/partner/PartnerDrawers';
import { PartnerList } from '../shared/partner/PartnerList';
import { useCanWriteRecords } from '../shared/partner/useCanWriteRecord';
import { useRecordRowClick } from '../shared/RecordRouteDrawer';
import { VisibilityField, visibilityChoices } from '../shared/partner/visibility';
import { ReferenceDataChipsField, ReferenceDataInput } from '../shared/inputs';
import { PromoterCreate, PromoterEdit } from './PromoterForms';
import { usePromoterExporter } from './promoterExporter';
import { DateTimeField } from '../shared/DateTimeField';

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

const Logo = ({ record }: { record: Promoter }) => (
  <LogoThumbnail logo={record.generalInfos.logo} name={record.generalInfos.promoterName} />
);

const LogoField = () => {
  const record = useRecordContext<Promoter>();
  return record ? <Logo record={record} /> : null;
};

const PromoterTable = ({ canBulkEdit }: { canBulkEdit: boolean }) => {
  const rowClick = useRecordRowClick();
  const canWrite = useCanWriteRecords('promoters');
  return (
    <DataTable<Promoter>
      rowClick={rowClick}
      bulkActionButtons={canBulkEdit ? <BulkVisibilityButtons /> : false}
      isRowSelectable={(record) => canWrite(record.id)}
    >
      <DataTable.Col label={`${FIELDS}.generalInfos.logo`} disableSort>
        <LogoField />
      </DataTable.Col>
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
      <DataTable.Col source="visibility" label={`${FIELDS}.visibility`}>
        <VisibilityField />
      </DataTable.Col>
      <DataTable.Col source="updatedAt" label={`${FIELDS}.updatedAt`}>
        <DateTimeField source="updatedAt" />
      </DataTable.Col>
    </DataTable>
  );
};

const PromoterSimpleList = () => {
  const rowClick = useRecordRowClick();
  return (
    <SimpleList<Promoter>
      rowClick={rowClick}
      leftAvatar={(record) => <Logo record={record} />}
      primaryText={(record) => record.generalInfos.promoterName}
      secondaryText={(record) => record.generalInfos.email ?? ''}
      tertiaryText={<VisibilityField />}
    />
  );
};

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
      drawer={
        <PartnerRouteDrawer
          create={(onClose) => <PromoterCreate onClose={onClose} />}
          record={(id, onClose, mayEdit) => (
            <PromoterEdit key={`${String(id)}-${String(mayEdit)}`} id={id} onClose={onClose} mayEdit={mayEdit} />
          )}
        />
      }
    />
  );
};
