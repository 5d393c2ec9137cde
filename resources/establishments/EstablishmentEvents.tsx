import {
  Alert,
  Chip,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  Link as MuiLink,
  Stack,
  Typography,
} from '@mui/material';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useCanAccess, useGetList, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { Temporal } from 'temporal-polyfill';
import type { Establishment } from '../../domain/establishment';
import type { OccurrenceItem } from '../../domain/event';
import { occurrencePath } from '../events/calendar/occurrenceEvents';
import { formatOccurrenceSpan } from '../events/zurichFormat';

const TEXT = 'resources.establishments.events';

/** How far ahead the establishment's page looks, and how many occurrences it lists. */
export const ESTABLISHMENT_EVENTS_WINDOW = { days: 90, shown: 10 } as const;

/** The window from now, as instants (the occurrences API takes ISO instants or dates). */
const upcomingWindow = () => {
  const now = Temporal.Now.instant();
  return { from: now.toString(), to: now.add({ hours: 24 * ESTABLISHMENT_EVENTS_WINDOW.days }).toString() };
};

/**
 * The establishment's page shows its events: the next occurrences at this venue that the
 * viewer's scope allows (GET /occurrences, the same scope as the calendar), each opening its event, and a
 * link to the calendar filtered to the venue. Offers join here once they exist.
 */
export const EstablishmentEvents = () => {
  const record = useRecordContext<Establishment>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { canAccess: canOpenEvents } = useCanAccess({ resource: 'events', action: 'list' });
  const window = useMemo(upcomingWindow, []);
  const { data, total, isPending, error } = useGetList<OccurrenceItem & { id: string }>(
    'occurrences',
    {
      filter: { ...window, establishmentId: record?.id },
      sort: { field: 'startsAt', order: 'ASC' },
      pagination: { page: 1, perPage: ESTABLISHMENT_EVENTS_WINDOW.shown },
    },
    { enabled: record?.id !== undefined && canOpenEvents === true },
  );
  if (!record || canOpenEvents === false) return null;
  if (isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (error) return <Alert severity="warning">{translate(`${TEXT}.loadError`)}</Alert>;
  const calendarFilter = encodeURIComponent(JSON.stringify({ establishmentId: record.id }));
  return (
    <Stack spacing={1} sx={{ width: '100%' }}>
      <Typography variant="subtitle1" component="h2">
        {translate(`${TEXT}.title`, { smart_count: ESTABLISHMENT_EVENTS_WINDOW.days })}
      </Typography>
      {data.length === 0 ? (
        <Typography color="text.secondary">{translate(`${TEXT}.none`)}</Typography>
      ) : (
        <List dense aria-label={translate(`${TEXT}.title`, { smart_count: ESTABLISHMENT_EVENTS_WINDOW.days })}>
          {data.map((occurrence) => (
            <ListItemButton key={occurrence.id} component={Link} to={occurrencePath(occurrence)}>
              <ListItemText
                primary={occurrence.eventTitle}
                secondary={formatOccurrenceSpan(occurrence.startsAt, occurrence.endsAt, locale)}
              />
              {occurrence.visibility === 'DRAFT' ? (
                <Chip size="small" variant="outlined" label={translate('resources.partners.visibility.DRAFT')} />
              ) : null}
            </ListItemButton>
          ))}
        </List>
      )}
      {total !== undefined && total > data.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate(`${TEXT}.more`, { smart_count: total - data.length })}
        </Typography>
      ) : null}
      <Typography variant="body2">
        <MuiLink component={Link} to={`/events?filter=${calendarFilter}`}>
          {translate(`${TEXT}.showAll`)}
        </MuiLink>
      </Typography>
    </Stack>
  );
};
