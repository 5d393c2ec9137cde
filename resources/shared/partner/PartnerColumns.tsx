import { DataTable, SimpleList, useRecordContext } from 'react-admin';
import type { Upload } from '../../../domain/upload';
import { DateTimeField } from '../DateTimeField';
import { useRecordRowClick } from '../RecordRouteDrawer';
import { LogoThumbnail } from './LogoThumbnail';
import { VisibilityField } from './visibility';
import type { PartnerResource } from './useCanWriteRecord';

/**
 * The list columns establishments and promoter groups show alike: the logo first, the visibility and the
 * last change last; and the phone list. Columns are returned as elements (not wrapped in a component)
 * because DataTable counts and reads its direct children.
 */

interface WithLogo {
  generalInfos: { logo: Upload | null };
}

/** The record's name, for the logo's letter and the phone list's first line. */
type NameOf<Record> = (record: Record) => string;

const fieldsOf = (resource: PartnerResource) => `resources.${resource}.fields`;

const Logo = <Record extends WithLogo>({ record, nameOf }: { record: Record; nameOf: NameOf<Record> }) => (
  <LogoThumbnail logo={record.generalInfos.logo} name={nameOf(record)} />
);

const LogoField = <Record extends WithLogo>({ nameOf }: { nameOf: NameOf<Record> }) => {
  const record = useRecordContext<Record & { id: number }>();
  return record ? <Logo record={record} nameOf={nameOf} /> : null;
};

export const partnerLogoColumn = <Record extends WithLogo>(resource: PartnerResource, nameOf: NameOf<Record>) => (
  <DataTable.Col key="logo" label={`${fieldsOf(resource)}.generalInfos.logo`} disableSort>
    <LogoField nameOf={nameOf} />
  </DataTable.Col>
);

export const partnerClosingColumns = (resource: PartnerResource) => [
  <DataTable.Col key="visibility" source="visibility" label={`${fieldsOf(resource)}.visibility`}>
    <VisibilityField />
  </DataTable.Col>,
  <DataTable.Col key="updatedAt" source="updatedAt" label={`${fieldsOf(resource)}.updatedAt`}>
    <DateTimeField source="updatedAt" />
  </DataTable.Col>,
];

/** Phones: logo, name, one more line, and the visibility. */
export const PartnerSimpleList = <Record extends WithLogo & { id: number }>({
  nameOf,
  secondaryText,
}: {
  nameOf: NameOf<Record>;
  secondaryText: (record: Record) => string;
}) => {
  const rowClick = useRecordRowClick();
  return (
    <SimpleList<Record>
      rowClick={rowClick}
      leftAvatar={(record) => <Logo record={record} nameOf={nameOf} />}
      primaryText={nameOf}
      secondaryText={secondaryText}
      tertiaryText={<VisibilityField />}
    />
  );
};
