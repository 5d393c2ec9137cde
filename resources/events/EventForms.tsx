import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Alert, Button, Stack } from '@mui/material';
import { useMemo, useState } from 'react';
import {
  Confirm,
  Create,
  Edit,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { Event } from '../../domain/event';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useNotifyResourceError } from '../shared/resourceErrors';
import { ApprovalActions } from './approval';
import { newEventValues, useEventViewer, type EventViewer } from './eventFlow';
import { EventOffers } from './EventOffers';
import { EventStepper } from './EventStepper';
import {
  findOccurrence,
  normaliseInstant,
  occurrenceFormRecord,
  ruleOfRecord,
  seriesFormRecord,
  type EditedSeries,
} from './occurrence';
import { rowsOfDateValues } from './recurrenceRule';
import { formatInstant } from './zurichFormat';

const EVENTS = 'resources.events';

/**
 * After a save or a close: back where the user came from (the calendar, the list), with fresh data.
 * A page opened directly (no history in the app) goes to the events list.
 */
const useGoBack = () => {
  const navigate = useNavigate();
  const location = useLocation();
  const refresh = useRefresh();
  return () => {
    if (location.key !== 'default') navigate(-1);
    else navigate('/events');
    refresh();
  };
};

const useAfterSave = (message: string) => {
  const notify = useNotify();
  const goBack = useGoBack();
  return () => {
    notify(message, { type: 'success' });
    goBack();
  };
};

/** A new event: the stepper of the viewer's flow (a promoter's is a request). */
export const EventCreate = () => {
  const viewer = useEventViewer();
  const goBack = useGoBack();
  const onSuccess = useAfterSave(`${EVENTS}.notifications.${viewer.flow === 'promoter' ? 'requested' : 'created'}`);
  const values = useMemo(() => newEventValues(viewer), [viewer]);
  return (
    <Create
      redirect={false}
      mutationOptions={{ onSuccess }}
      title={`${EVENTS}.titles.${viewer.flow === 'promoter' ? 'request' : 'create'}`}
    >
      <EventStepper
        mode="create"
        flow={viewer.flow}
        record={values}
        resetValues={values}
        establishmentFixed={viewer.fixedEstablishmentId !== null}
        occurrence={null}
        onClose={goBack}
      />
    </Create>
  );
};

/** Deleting one occurrence is a SKIP row (DELETE /events/:id?originalStartsAt=…), after a confirmation. */
const DeleteOccurrenceButton = ({
  record,
  originalStartsAt,
  dateLabel,
}: {
  record: Event;
  originalStartsAt: string;
  dateLabel: string;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyResourceError();
  const goBack = useGoBack();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    try {
      await dataProvider.deleteOccurrence(record.id, originalStartsAt, record.version);
      setOpen(false);
      notify(`${EVENTS}.occurrence.deleted`, { type: 'success' });
      goBack();
    } catch (error) {
      notifyError(error);
    } finally {
      setDeleting(false);
    }
  };
  return (
    <>
      <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setOpen(true)}>
        {translate(`${EVENTS}.actions.deleteOccurrence`)}
      </Button>
      <Confirm
        isOpen={open}
        loading={deleting}
        title={`${EVENTS}.occurrence.deleteTitle`}
        content={`${EVENTS}.occurrence.deleteContent`}
        contentTranslateOptions={{ date: dateLabel }}
        confirm={`${EVENTS}.actions.deleteOccurrence`}
        confirmColor="warning"
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

const EditBody = ({ viewer, occurrenceParam }: { viewer: EventViewer; occurrenceParam: string | null }) => {
  const record = useRecordContext<Event>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const goBack = useGoBack();
  // A one-off event has no occurrences to choose between: the calendar's link edits the event itself.
  const repeating = record !== undefined && record.dateAndCalendar.recurrencePattern !== 'NONE';
  const occurrence = useMemo(
    () => (record && repeating && occurrenceParam ? findOccurrence(record, occurrenceParam) : null),
    [record, repeating, occurrenceParam],
  );
  const formRecord = useMemo(
    () => (record ? (occurrence ? occurrenceFormRecord(record, occurrence) : seriesFormRecord(record)) : undefined),
    [record, occurrence],
  );
  const originalStartsAt = occurrence
    ? (normaliseInstant(occurrence.originalStartsAt) ?? occurrence.originalStartsAt)
    : null;
  const editedSeries = useMemo<EditedSeries | null>(
    () =>
      record && originalStartsAt
        ? { rule: ruleOfRecord(record), rows: rowsOfDateValues(record.dateAndCalendar), originalStartsAt }
        : null,
    [record, originalStartsAt],
  );
  if (!record || !formRecord) return null;
  const resetValues = { ...newEventValues(viewer), id: record.id };
  const dateLabel = originalStartsAt ? formatInstant(originalStartsAt, locale) : '';
  const header = (
    <Stack spacing={1}>
      {occurrence ? (
        <Alert severity="info">{translate(`${EVENTS}.occurrence.banner`, { date: dateLabel })}</Alert>
      ) : null}
      {repeating && occurrenceParam && !occurrence ? (
        <Alert severity="warning">{translate(`${EVENTS}.occurrence.notFound`)}</Alert>
      ) : null}
      {viewer.flow === 'establishment' ? <ApprovalActions record={record} size="medium" /> : null}
    </Stack>
  );
  return (
    <>
      <EventStepper
        // A new occurrence (or back to the series) is a new form.
        key={originalStartsAt ?? 'series'}
        mode="edit"
        flow={viewer.flow}
        record={formRecord}
        resetValues={resetValues}
        establishmentFixed={viewer.fixedEstablishmentId !== null}
        occurrence={
          occurrence && originalStartsAt && editedSeries
            ? { originalStartsAt, startsAt: occurrence.startsAt, endsAt: occurrence.endsAt, series: editedSeries }
            : null
        }
        onClose={goBack}
        header={header}
        extraActions={
          originalStartsAt ? (
            <DeleteOccurrenceButton record={record} originalStartsAt={originalStartsAt} dateLabel={dateLabel} />
          ) : null
        }
      />
      <EventOffers record={record} />
    </>
  );
};

/**
 * An event's edit page: the whole series, or with `?occurrence=<original start>` one occurrence of it
 * (the calendar opens that), whose save asks for the update scope.
 */
export const EventEdit = () => {
  const viewer = useEventViewer();
  const [params] = useSearchParams();
  const onSuccess = useAfterSave(`${EVENTS}.notifications.${viewer.flow === 'promoter' ? 'requested' : 'updated'}`);
  return (
    <Edit
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{ onSuccess }}
      actions={false}
      title={`${EVENTS}.titles.edit`}
    >
      <EditBody viewer={viewer} occurrenceParam={params.get('occurrence')} />
    </Edit>
  );
};
