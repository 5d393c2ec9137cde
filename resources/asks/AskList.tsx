import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import { establishmentFilter, promoterGroupFilter } from '../shared/partner/PartnerFilterInputs';
import InboxIcon from '@mui/icons-material/Inbox';
import { ToggleButton, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import {
  DataTable,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useListContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { APPROVAL_STATUSES } from '../../domain/enums';
import { LocalDateInput } from '../shared/inputs';
import { ASK_KINDS, ASK_TEXTS, ASKS_PATH, ASKS_RESOURCE, type Ask } from './askRecord';
import { AskDrawer } from './AskDrawer';
import {
  AskKindField,
  AskOwnerField,
  AskReason,
  AskStatusChip,
  AskStatusField,
  DecidedField,
  RequestedField,
  useFormatInstant,
} from './AskFields';
import { BulkDecisionButtons, DecisionButtons } from './DecisionButtons';
import { useAskViewer } from './useAskViewer';

const FIELDS = `${ASK_TEXTS}.fields`;

const kindChoices = ASK_KINDS.map((kind) => ({ id: kind, name: `${ASK_TEXTS}.kinds.${kind}` }));
const statusChoices = APPROVAL_STATUSES.map((status) => ({ id: status, name: `${ASK_TEXTS}.status.${status}` }));

/** The filter names of `GET /asks` (ARCHITECTURE.md §9); "Awaiting me" and "Mine" are toggles beside them. */
const askFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" label={`${FIELDS}.kind`} choices={kindChoices} helperText={false} alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label={`${FIELDS}.status`}
    choices={statusChoices}
    helperText={false}
    alwaysOn
  />,
  establishmentFilter({ key: 'establishmentId', label: `${FIELDS}.establishmentId` }),
  promoterGroupFilter({ key: 'promoterGroupId', label: `${FIELDS}.promoterGroupId` }),
  <LocalDateInput key="requestedFrom" source="requestedFrom" label={`${FIELDS}.requestedFrom`} onlyComplete />,
  <LocalDateInput key="requestedTo" source="requestedTo" label={`${FIELDS}.requestedTo`} onlyComplete />,
];

/** A filter that is on (`true`) or absent, never `false`: the API knows only `true`. */
const FlagToggle = ({ source, label, icon }: { source: 'awaitsMe' | 'mine'; label: string; icon: ReactNode }) => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const isOn = filterValues[source] === true;
  const toggle = () => {
    const { [source]: _dropped, ...others } = filterValues as Record<string, unknown>;
    setFilters(isOn ? others : { ...others, [source]: true }, displayedFilters);
  };
  return (
    <ToggleButton
      size="small"
      value={source}
      selected={isOn}
      onChange={toggle}
      sx={{ textTransform: 'none', gap: 0.5 }}
    >
      {icon}
      {translate(label)}
    </ToggleButton>
  );
};

const AskListActions = () => {
  const { decides } = useAskViewer();
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {decides ? (
        <FlagToggle source="awaitsMe" label={`${ASK_TEXTS}.filters.awaitsMe`} icon={<InboxIcon fontSize="small" />} />
      ) : null}
      <FlagToggle source="mine" label={`${ASK_TEXTS}.filters.mine`} icon={<AssignmentIndIcon fontSize="small" />} />
      <FilterButton />
    </TopToolbar>
  );
};

const pathOf = (id: Identifier) => `${ASKS_PATH}/${encodeURIComponent(String(id))}`;

const AskTable = () => (
  <DataTable<Ask> rowClick={pathOf} bulkActionButtons={<BulkDecisionButtons />} isRowSelectable={(ask) => ask.awaitsMe}>
    <DataTable.Col source="kind" label={`${FIELDS}.kind`}>
      <AskKindField />
    </DataTable.Col>
    <DataTable.Col source="title" label={`${FIELDS}.title`} disableSort />
    <DataTable.Col label={`${FIELDS}.owner`} disableSort>
      <AskOwnerField />
    </DataTable.Col>
    <DataTable.Col source="requestedAt" label={`${FIELDS}.requested`}>
      <RequestedField />
    </DataTable.Col>
    <DataTable.Col source="status" label={`${FIELDS}.status`} sx={{ maxWidth: 280 }}>
      <AskStatusField />
    </DataTable.Col>
    <DataTable.Col source="decidedAt" label={`${FIELDS}.decided`}>
      <DecidedField />
    </DataTable.Col>
    <DataTable.Col label={`${FIELDS}.decision`} disableSort>
      <DecisionButtons />
    </DataTable.Col>
  </DataTable>
);

/** Phones: the title, the kind and who asked when, the status with its reason; a tap opens the decision. */
const AskSimpleList = () => {
  const translate = useTranslate();
  const formatInstant = useFormatInstant();
  return (
    <SimpleList<Ask>
      rowClick={pathOf}
      primaryText={(ask) => ask.title}
      secondaryText={(ask) =>
        [translate(`${ASK_TEXTS}.kinds.${ask.kind}`), ask.requestedByName, formatInstant(ask.requestedAt)]
          .filter(Boolean)
          .join(' · ')
      }
      tertiaryText={(ask) => (
        <span>
          <AskStatusChip status={ask.status} />
          <AskReason reason={ask.reason} />
        </span>
      )}
    />
  );
};

const Empty = () => (
  <Typography sx={{ p: 2 }} color="text.secondary">
    {useTranslate()(`${ASK_TEXTS}.empty`)}
  </Typography>
);

/**
 * `/asks`: everything awaiting the viewer's decision and everything they asked for, pending ones first
 * (oldest first), then the decided ones (latest decision first). Each pending one that awaits the viewer has
 * Approve and Reject, also for several selected at once; every decision can be undone while its notice shows.
 * A row opens the ask beside the list (`/asks/:id`), with its record read-only.
 *
 * The page's route guard let the viewer in (every partner role); the server scopes the asks, so the list
 * asks no canAccess of its own (asks are no permission-table resource).
 */
export const AskList = () => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <>
      <List<Ask>
        resource={ASKS_RESOURCE}
        title="app.menu.asks"
        sort={{ field: 'pendingFirst', order: 'ASC' }}
        filters={askFilters}
        actions={<AskListActions />}
        perPage={25}
        exporter={false}
        empty={<Empty />}
        disableAuthentication
      >
        {isPhone ? <AskSimpleList /> : <AskTable />}
      </List>
      <AskDrawer />
    </>
  );
};
