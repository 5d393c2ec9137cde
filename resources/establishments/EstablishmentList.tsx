import { DataTable, SearchInput, SelectInput, SimpleList, useRecordContext } from 'react-admin';
import type { Establishment } from '../../domain/establishment';
import { ReferenceDataChipsField, ReferenceDataField, ReferenceDataInput } from '../shared/inputs';
import { EstablishmentCreate, EstablishmentEdit } from './EstablishmentForms';
import { useEstablishmentExporter } from './establishmentExporter';
import { BulkVisibilityButtons } from '../shared/partner/BulkVisibilityButtons';
import { CityFilterInput } from '../shared/partner/CityFilterInput';
import { LogoThumbnail } from '../shared/partner/LogoThumbnail';
import { PartnerRouteDrawer } from '../shared/partner/PartnerDrawers';
import { PartnerList } from '../shared/partner/PartnerList';
import { useCanWriteRecords } from '../shared/partner/useCanWriteRecord';
import { useRecordRowClick } from '../shared/RecordRouteDrawer';
import { VisibilityField, visibilityChoices } from '../shared/partner/visibility';
import { DateTimeField } from '../shared/DateTimeField';

const FIELDS = 'resources.establishments.fields';

/** Filter keys of GET /establishments (server/routes/establishments.ts). */
const establishmentFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <CityFilterInput
    key="city"
    source="city"
    label={`${FIELDS}.generalInfos.city`}
    citiesPath="/establishments/cities"
  />,
  <ReferenceDataInput
    key="type"
    source="establishmentTypeId"
    kind="establishment-types"
    label={`${FIELDS}.generalInfos.establishmentTypeId`}
  />,
  <ReferenceDataInput key="music" source="musicId" kind="musics" label="resources.partners.filters.music" />,
  <SelectInput key="visibility" source="visibility" label={`${FIELDS}.visibility`} choices={visibilityChoices} />,
];

const Logo = ({ record }: { record: Establishment }) => (
  <LogoThumbnail logo={record.generalInfos.logo} name={record.generalInfos.establishmentName} />
);

const LogoField = () => {
  const record = useRecordContext<Establishment>();
  return record ? <Logo record={record} /> : null;
};

/** Rows open the drawer: for editing when the role may (read only outside its write scope), else read only. */
const EstablishmentTable = ({ canBulkEdit }: { canBulkEdit: boolean }) => {
  const rowClick = useRecordRowClick();
  const canWrite = useCanWriteRecords('establishments');
  return (
    <DataTable<Establishment>
      rowClick={rowClick}
      bulkActionButtons={canBulkEdit ? <BulkVisibilityButtons /> : false}
      isRowSelectable={(record) => canWrite(record.id)}
    >
      <DataTable.Col label={`${FIELDS}.generalInfos.logo`} disableSort>
        <LogoField />
      </DataTable.Col>
      {/* The API sorts on flat names (establishmentName, city, updatedAt); the values sit in the sections. */}
      <DataTable.Col
        source="establishmentName"
        label={`${FIELDS}.generalInfos.establishmentName`}
        render={(record) => record.generalInfos.establishmentName}
      />
      <DataTable.Col label={`${FIELDS}.generalInfos.establishmentTypeId`} disableSort>
        <ReferenceDataField source="generalInfos.establishmentTypeId" kind="establishment-types" />
      </DataTable.Col>
      <DataTable.Col
        source="city"
        label={`${FIELDS}.generalInfos.city`}
        render={(record) => record.generalInfos.city}
      />
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

/** Phones: logo, name, city and type, and the visibility. */
const EstablishmentSimpleList = () => {
  const rowClick = useRecordRowClick();
  return (
    <SimpleList<Establishment>
      rowClick={rowClick}
      leftAvatar={(record) => <Logo record={record} />}
      primaryText={(record) => record.generalInfos.establishmentName}
      secondaryText={(record) => record.generalInfos.city}
      tertiaryText={<VisibilityField />}
    />
  );
};

/** Establishments: search, filters, sort, pages, bulk publish, CSV export; create and edit in a drawer. */
export const EstablishmentList = () => {
  const exporter = useEstablishmentExporter();
  return (
    <PartnerList
      resource="establishments"
      nameSortField="establishmentName"
      filters={establishmentFilters}
      exporter={exporter}
      table={(canBulkEdit) => <EstablishmentTable canBulkEdit={canBulkEdit} />}
      simpleList={<EstablishmentSimpleList />}
      drawer={
        <PartnerRouteDrawer
          create={(onClose) => <EstablishmentCreate onClose={onClose} />}
          record={(id, onClose, mayEdit) => (
            <EstablishmentEdit key={`${String(id)}-${String(mayEdit)}`} id={id} onClose={onClose} mayEdit={mayEdit} />
          )}
        />
      }
    />
  );
};
