import { Link as MuiLink, Typography } from '@mui/material';
import type { MouseEvent, ReactElement } from 'react';
import {
  DataTable,
  Link,
  List,
  SearchInput,
  TopToolbar,
  useListContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { TaggedResource } from '../../domain/tagTerms';
import { recordPathOf } from './paths';

/** Each kind's name: where the record holds it, and the API's sort field for it. */
const NAME_OF: Record<TaggedResource, { sortField: string; nameOf: (record: RaRecord) => string }> = {
  establishments: {
    sortField: 'establishmentName',
    nameOf: (record) => String(record.generalInfos?.establishmentName ?? ''),
  },
  promoters: { sortField: 'promoterName', nameOf: (record) => String(record.generalInfos?.promoterName ?? '') },
  events: { sortField: 'eventTitle', nameOf: (record) => String(record.generalInfos?.eventTitle ?? '') },
};

const searchFilters = [<SearchInput key="q" source="q" alwaysOn />];

const RecordNameLink = ({ kind, record }: { kind: TaggedResource; record: RaRecord }) => (
  <MuiLink component={Link} to={recordPathOf(kind, record.id)} onClick={(event: MouseEvent) => event.stopPropagation()}>
    {NAME_OF[kind].nameOf(record) || `#${String(record.id)}`}
  </MuiLink>
);

const NoRecords = ({ message }: { message: string }) => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const searching = typeof filterValues.q === 'string' && filterValues.q !== '';
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate(searching ? 'tagTerms.records.noMatch' : message)}
    </Typography>
  );
};

export interface RecordsOfKindProps {
  kind: TaggedResource;
  /** The list's fixed filter: `{tagIds: [id]}` or `{untagged: true}`. */
  filter: Record<string, unknown>;
  /** Where the list keeps its page, sort and search (one per tag and kind). */
  storeKey: string;
  title: string;
  /** Translation key of the empty list's sentence. */
  emptyMessage: string;
  bulkActionButtons: ReactElement;
}

/**
 * One kind's records, filtered (the records of a tag, or those with no tag), searchable, sorted by name, a
 * page at a time, each name a link to the record; selectable for the page's bulk action. One column: the
 * same compact table on a phone.
 */
export const RecordsOfKind = ({
  kind,
  filter,
  storeKey,
  title,
  emptyMessage,
  bulkActionButtons,
}: RecordsOfKindProps) => (
  <List
    resource={kind}
    filter={filter}
    filters={searchFilters}
    storeKey={storeKey}
    sort={{ field: NAME_OF[kind].sortField, order: 'ASC' }}
    perPage={25}
    title={title}
    actions={<TopToolbar />}
    empty={false}
    exporter={false}
  >
    <DataTable bulkActionButtons={bulkActionButtons} rowClick={false} empty={<NoRecords message={emptyMessage} />}>
      <DataTable.Col
        source={NAME_OF[kind].sortField}
        label={`tagTerms.records.name.${kind}`}
        render={(record: RaRecord) => <RecordNameLink kind={kind} record={record} />}
      />
    </DataTable>
  </List>
);
