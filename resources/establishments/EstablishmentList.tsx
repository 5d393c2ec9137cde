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
import { VisibilityField, visibilityChoices } from '../shared/partner/visibility';
import { DateTimeField } from '../shared/DateTimeField';

const FIELDS = 'resources.establishments.fields';

/** Filter keys of GET /establishments (server/routes/establishments.ts). */
const establishmentFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <CityFilterInput key="city" source="city" label={`${FIELDS}.generalInfos.city`} citiesPath="/establishments/cities" />,
  <ReferenceDataInput key="type" source="establishmentTypeId" kind="establishment-types" label={`${FIELDS}.generalInfos.establishmentTypeId`} />,
  <ReferenceDataInput key="music" source="musicId" kind="musics" label="resources.partners.filters.music" />,
  <SelectInput key="visibility" source="visibility" label={`${FIELDS}.visibility`} choices={visibilityChoices} />,
];

const Logo = ({ record }: { record: Establishment }) => <LogoThumbnail logo={record.generalInfos.logo} name={record.generalInfos.establishmentName} />;

const LogoField = () => {
  const record = useRecordContext<Establishment>();
  return record ? <Logo record={record} /> : null;
};

/** Rows open the drawer; it decides between edit and read only (useCanWriteRecord). */
const EstablishmentTable = ({ canBulkEdit }: { canBulkEdit: boolean }) => (
  <DataTable<Establishment> rowClick="edit" bulkActionButtons={canBulkEdit ? <BulkVisibilityButtons /> : false}>
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
    <DataTable.Col source="city" label={`${FIELDS}.generalInfos.city`} render={(record) => record.generalInfos.city} />
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

/** Phones: logo, name, city and type, and the visibility. */
const EstablishmentSimpleList = () => (
  <SimpleList<Establishment>
    rowClick="edit"
    leftAvatar={(record) => <Logo record={record} />}
    primaryText={(record) => record.generalInfos.establishmentName}
    secondaryText={(record) => record.generalInfos.city}
    tertiaryText={<VisibilityField />}
  />
);

/** Establishments (issue 4): search, filters, sort, pages, bulk publish, CSV export; create and edit in a drawer. */
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
          resource="establishments"
          create={(onClose) => <EstablishmentCreate onClose={onClose} />}
          edit={(id, onClose) => <EstablishmentEdit key={String(id)} id={id} onClose={onClose} />}
        />
      }
    />
  );
};
