import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { establishmentFilter } from '../shared/partner/PartnerFilterInputs';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import ViewListIcon from '@mui/icons-material/ViewList';
import {
  Badge,
  Button,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { lazy, Suspense, useMemo } from 'react';
import {
  CreateButton,
  DataTable,
  FilterButton,
  List,
  ReferenceFieldBase,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useCanAccess,
  useGetList,
  useListContext,
  useLocaleState,
  useRecordContext,
  useStore,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { APPROVAL_STATUSES } from '../../domain/enums';
import type { Establishment } from '../../domain/establishment';
import type { Event } from '../../domain/event';
import { nextOccurrences, type RecurrenceRule } from '../../domain/recurrence';
import { ReferenceDataArrayInput } from '../shared/inputs';
import { LabelPlaceholder } from '../shared/LabelPlaceholder';
import { VisibilityField, visibilityChoices } from '../shared/partner/visibility';
import { asksPathWithFilter, PENDING_EVENT_REQUESTS } from '../asks';
import { ApprovalActions, ApprovalStatusField } from './approval';
import { CitiesFilterInput } from './calendar/CitiesFilterInput';
import { DelayedLoader } from '../shared/DelayedLoader';
import { useRuleInWords } from './ruleInWords';
import { formatOccurrenceSpan } from './zurichFormat';
import { EVENTS_VIEW_STORE_KEY } from './eventsLinks';

const LIST = 'eventCalendar.list';

/** The page's two views, remembered per browser (react-admin store). */
export const EVENTS_VIEWS = ['list', 'calendar'] as const;
export type EventsView = (typeof EVENTS_VIEWS)[number];
export { EVENTS_VIEW_STORE_KEY };

const approvalChoices = APPROVAL_STATUSES.map((status) => ({ id: status, name: `eventApproval.status.${status}` }));

/**
 * One filter bar for both views, with the `events` list's filter names (server/routes/events.ts); the
 * calendar turns them into the `occurrences` filter (calendar/occurrenceFilter.ts).
 */
const eventFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  establishmentFilter({ key: 'establishment', label: `${LIST}.filters.establishment` }),
  <ReferenceDataArrayInput
    key="eventTypes"
    source="eventTypeIds"
    kind="event-types"
    label={`${LIST}.filters.eventTypes`}
    helperText={false}
  />,
  <ReferenceDataArrayInput
    key="musics"
    source="musicIds"
    kind="musics"
    label={`${LIST}.filters.musics`}
    helperText={false}
  />,
  <CitiesFilterInput key="cities" source="cities" label={`${LIST}.filters.cities`} />,
  <SelectInput
    key="visibility"
    source="visibility"
    label={`${LIST}.filters.visibility`}
    choices={visibilityChoices}
    helperText={false}
  />,
  <SelectInput
    key="approvalStatus"
    source="approvalStatus"
    label={`${LIST}.filters.approvalStatus`}
    choices={approvalChoices}
    helperText={false}
  />,
];

const ruleOf = (record: Event): RecurrenceRule => record.dateAndCalendar;

/** The first occurrence that has not ended yet (out-of-schedule rows applied), or null. */
const nextOccurrenceOf = (record: Event, now: string) => {
  try {
    return nextOccurrences(ruleOf(record), record.dateAndCalendar.outOfScheduleEvents, now, 1)[0] ?? null;
  } catch (error) {
    // A rule the engine cannot read must not take the whole list down; the edit page shows the problem.
    console.error(`Event ${record.id}: cannot compute its next occurrence`, error);
    return null;
  }
};

const RuleInWordsField = (_props: { label?: string }) => {
  const record = useRecordContext<Event>();
  const ruleInWords = useRuleInWords();
  return record ? <>{ruleInWords(ruleOf(record))}</> : null;
};

/** "Sat, 28 Nov 2026, 22:00–04:00" in Zurich and the UI language, "—" when the series is over. */
const NextOccurrenceField = (_props: { label?: string }) => {
  const record = useRecordContext<Event>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const now = useMemo(() => new Date().toISOString(), []);
  if (!record) return null;
  const next = nextOccurrenceOf(record, now);
  return (
    <span data-next-occurrence={next?.startsAt ?? ''}>
      {next ? formatOccurrenceSpan(next.startsAt, next.endsAt, locale) : translate(`${LIST}.none`)}
    </span>
  );
};

/** The venue's name; a placeholder while it loads, so a loading cell never reads as "no venue". */
const VenueField = (_props: { label?: string }) => (
  <ReferenceFieldBase<Event>
    source="generalInfos.establishmentId"
    reference="establishments"
    loading={<LabelPlaceholder />}
    empty={
      <Typography component="span" variant="body2">
        —
      </Typography>
    }
  >
    <VenueName />
  </ReferenceFieldBase>
);

const VenueName = () => {
  const venue = useRecordContext<Establishment>();
  return (
    <Typography component="span" variant="body2">
      {venue?.generalInfos.establishmentName}
    </Typography>
  );
};

const ApprovalCell = (_props: { label?: string }) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
    <ApprovalStatusField />
    <ApprovalActions />
  </Stack>
);

/** Each series once (a "this and the next" split shows its tail as its own series). Rows open the edit. */
const EventTable = () => (
  <DataTable<Event> rowClick="edit" bulkActionButtons={false}>
    {/* The API sorts on flat names (eventTitle, startDate, updatedAt); the values sit in the sections. */}
    <DataTable.Col
      source="eventTitle"
      label={`${LIST}.columns.title`}
      render={(record) => record.generalInfos.eventTitle}
    />
    <DataTable.Col label={`${LIST}.columns.venue`} disableSort>
      <VenueField />
    </DataTable.Col>
    <DataTable.Col
      label={`${LIST}.columns.eventType`}
      disableSort
      render={(record) => record.generalInfos.eventType.type}
    />
    <DataTable.Col source="startDate" label={`${LIST}.columns.rule`}>
      <RuleInWordsField />
    </DataTable.Col>
    <DataTable.Col label={`${LIST}.columns.nextOccurrence`} disableSort>
      <NextOccurrenceField />
    </DataTable.Col>
    <DataTable.Col source="visibility" label={`${LIST}.columns.visibility`}>
      <VisibilityField />
    </DataTable.Col>
    <DataTable.Col label={`${LIST}.columns.approvalStatus`} disableSort>
      <ApprovalCell />
    </DataTable.Col>
  </DataTable>
);

/** Phones: title, the rule in words, the next occurrence, and the request status. */
const EventSimpleList = () => (
  <SimpleList<Event>
    rowClick="edit"
    primaryText={(record) => record.generalInfos.eventTitle}
    secondaryText={<RuleInWordsField />}
    tertiaryText={<ApprovalStatusField />}
  />
);

/** List or calendar, remembered (react-admin store). */
const ViewToggle = () => {
  const translate = useTranslate();
  const [view, setView] = useStore<EventsView>(EVENTS_VIEW_STORE_KEY, 'list');
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      onChange={(_event, next: EventsView | null) => next && setView(next)}
      aria-label={translate('eventCalendar.views.label')}
    >
      <ToggleButton value="list">
        <ViewListIcon fontSize="small" sx={{ mr: 0.5 }} />
        {translate('eventCalendar.views.list')}
      </ToggleButton>
      <ToggleButton value="calendar">
        <CalendarMonthIcon fontSize="small" sx={{ mr: 0.5 }} />
        {translate('eventCalendar.views.calendar')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
};

/**
 * The approval queue in one click: the Request inbox (`/asks`) under its pending event requests, where they
 * are decided (undoably, one by one or in bulk), with how many requests wait in the viewer's scope. The
 * list's own "Request status" filter stays for looking at requests among the events.
 */
const RequestsLink = () => {
  const translate = useTranslate();
  const { total = 0 } = useGetList<Event>('events', {
    filter: { approvalStatus: 'PENDING' },
    pagination: { page: 1, perPage: 1 },
  });
  return (
    <Button
      size="small"
      variant="outlined"
      color="inherit"
      component={RouterLink}
      to={asksPathWithFilter(PENDING_EVENT_REQUESTS)}
      aria-label={translate(`${LIST}.requests.label`, { smart_count: total })}
      sx={{ textTransform: 'none', borderColor: 'divider', py: '5px' }}
    >
      <Badge badgeContent={total} color="warning" max={99} sx={{ mr: total > 0 ? 1.5 : 0 }}>
        <HourglassTopIcon fontSize="small" />
      </Badge>
      <Typography component="span" variant="body2" sx={{ ml: 0.5 }}>
        {translate(`${LIST}.requests.button`)}
      </Typography>
    </Button>
  );
};

const EventListActions = () => {
  const { canAccess: canCreate } = useCanAccess({ resource: 'events', action: 'create' });
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 1 }}>
      <ViewToggle />
      <RequestsLink />
      <FilterButton />
      {canCreate ? <CreateButton /> : null}
    </TopToolbar>
  );
};

/** The calendar (FullCalendar) loads on first use: the list alone does not need it. */
const EventCalendar = lazy(() => import('./EventCalendar').then((module) => ({ default: module.EventCalendar })));

/** The calendar under the page's filter bar. */
const ListCalendar = () => {
  const { filterValues } = useListContext();
  return (
    <Suspense fallback={<DelayedLoader />}>
      <EventCalendar filter={filterValues} />
    </Suspense>
  );
};

/**
 * Events: each series once with its rule in words and its next occurrence, or the occurrence
 * calendar; one filter bar (search, venue, type, music, city, visibility, approval) for both. The list
 * query does not run while the calendar shows (it reads `occurrences`).
 */
export const EventList = () => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [view] = useStore<EventsView>(EVENTS_VIEW_STORE_KEY, 'list');
  const isCalendar = view === 'calendar';
  return (
    <List<Event>
      resource="events"
      sort={{ field: 'startDate', order: 'DESC' }}
      filters={eventFilters}
      perPage={25}
      actions={<EventListActions />}
      exporter={false}
      pagination={isCalendar ? false : undefined}
      empty={isCalendar ? false : undefined}
      queryOptions={{ enabled: !isCalendar }}
    >
      {isCalendar ? <ListCalendar /> : isPhone ? <EventSimpleList /> : <EventTable />}
    </List>
  );
};
