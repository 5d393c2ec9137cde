import { useEffect, useMemo, useState } from 'react';
import { Autocomplete, MenuItem, Stack, TextField } from '@mui/material';
import { useGetList, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import type { Establishment } from '../../domain/establishment';
import type { Event } from '../../domain/event';
import type { Promoter } from '../../domain/promoter';
import type { ScopeParameter } from './statisticsQuery';

/**
 * Whose figures: the roles that see every partner choose the platform, an establishment, a promoter group or
 * an event; the others their own venue or group, or one of its events. A record is searched by name as typed.
 */

export type ScopeKind = 'OWN' | 'PLATFORM' | 'ESTABLISHMENT' | 'PROMOTER_GROUP' | 'EVENT';

export const PARAMETER_OF_KIND: Partial<Record<ScopeKind, ScopeParameter>> = {
  ESTABLISHMENT: 'establishmentId',
  PROMOTER_GROUP: 'promoterGroupId',
  EVENT: 'eventId',
};

export const KIND_OF_PARAMETER: Record<ScopeParameter, ScopeKind> = {
  establishmentId: 'ESTABLISHMENT',
  promoterGroupId: 'PROMOTER_GROUP',
  eventId: 'EVENT',
};

interface Searched {
  resource: string;
  label: string;
  sortField: string;
  nameOf: (record: RaRecord) => string;
}

const SEARCHED: Record<ScopeParameter, Searched> = {
  establishmentId: {
    resource: 'establishments',
    label: 'statistics.scope.establishment',
    sortField: 'establishmentName',
    nameOf: (record) => (record as Establishment).generalInfos.establishmentName,
  },
  promoterGroupId: {
    resource: 'promoters',
    label: 'statistics.scope.promoterGroup',
    sortField: 'promoterName',
    nameOf: (record) => (record as Promoter).generalInfos.promoterName,
  },
  eventId: {
    resource: 'events',
    label: 'statistics.scope.event',
    sortField: 'eventTitle',
    nameOf: (record) => (record as Event).generalInfos.eventTitle,
  },
};

const SEARCH_DELAY_MS = 300;

const useDebounced = (value: string) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
};

/** One record of a collection, searched by name (`q`), within `filter`. */
const RecordAutocomplete = ({
  parameter,
  id,
  filter,
  onChange,
}: {
  parameter: ScopeParameter;
  id: number | null;
  filter: Record<string, unknown>;
  onChange: (id: number) => void;
}) => {
  const translate = useTranslate();
  const searched = SEARCHED[parameter];
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search);
  const { data = [], isFetching } = useGetList(searched.resource, {
    pagination: { page: 1, perPage: 20 },
    sort: { field: searched.sortField, order: 'ASC' },
    filter: { ...filter, ...(debounced.trim() ? { q: debounced.trim() } : {}) },
  });
  const { data: selected } = useGetOne(searched.resource, { id: id ?? 0 }, { enabled: id !== null });
  const value = id !== null && selected && selected.id === id ? selected : null;
  const options = useMemo(
    () => (value && !data.some((record) => record.id === value.id) ? [value, ...data] : data),
    [data, value],
  );
  return (
    <Autocomplete
      options={options}
      value={value}
      loading={isFetching}
      getOptionLabel={searched.nameOf}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      filterOptions={(shown) => shown}
      onChange={(_, record) => {
        if (record) onChange(Number(record.id));
      }}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') setSearch(text);
        else if (reason === 'clear') setSearch('');
      }}
      renderInput={(params) => <TextField {...params} size="small" label={translate(searched.label)} />}
      sx={{ minWidth: { xs: '100%', sm: 260 } }}
    />
  );
};

export interface ScopePickerProps {
  platform: boolean;
  /** The viewer's own kind of scope (its venue or its group); null for the platform roles. */
  ownKind: 'ESTABLISHMENT' | 'PROMOTER_GROUP' | null;
  /** The events a partner may pick: those of its venue or its group. */
  ownEventFilter: Record<string, unknown>;
  kind: ScopeKind;
  id: number | null;
  onKindChange: (kind: ScopeKind) => void;
  onRecordChange: (parameter: ScopeParameter, id: number) => void;
}

export const ScopePicker = ({
  platform,
  ownKind,
  ownEventFilter,
  kind,
  id,
  onKindChange,
  onRecordChange,
}: ScopePickerProps) => {
  const translate = useTranslate();
  const kinds: ScopeKind[] = platform ? ['PLATFORM', 'ESTABLISHMENT', 'PROMOTER_GROUP', 'EVENT'] : ['OWN', 'EVENT'];
  const ownLabel =
    ownKind === 'ESTABLISHMENT'
      ? 'statistics.scope.ownEstablishment'
      : ownKind === 'PROMOTER_GROUP'
        ? 'statistics.scope.ownPromoterGroup'
        : 'statistics.scope.own';
  const parameter = PARAMETER_OF_KIND[kind];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
      <TextField
        select
        size="small"
        label={translate('statistics.scope.label')}
        value={kind}
        onChange={(event) => onKindChange(event.target.value as ScopeKind)}
        sx={{ minWidth: { xs: '100%', sm: 220 } }}
      >
        {kinds.map((option) => (
          <MenuItem key={option} value={option}>
            {translate(option === 'OWN' ? ownLabel : `statistics.scope.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      {parameter && (
        <RecordAutocomplete
          key={parameter}
          parameter={parameter}
          id={id}
          filter={parameter === 'eventId' && !platform ? ownEventFilter : {}}
          onChange={(chosen) => onRecordChange(parameter, chosen)}
        />
      )}
    </Stack>
  );
};
