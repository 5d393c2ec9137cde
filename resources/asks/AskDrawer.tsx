import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  RecordContextProvider,
  ReferenceFieldBase,
  useGetOne,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { Link as RouterLink, matchPath, useLocation, useNavigate } from 'react-router-dom';
import type { Establishment } from '../../domain/establishment';
import type { Event } from '../../domain/event';
import type { OfferTemplate } from '../../domain/offerTemplate';
import type { Promoter } from '../../domain/promoter';
import { useRuleInWords } from '../events/ruleInWords';
import { REQUESTS_PATH } from '../offer-templates/paths';
import { OfferTypeField, OwnerField } from '../offer-templates/TemplateFields';
import { DelayedLoader } from '../shared/DelayedLoader';
import { LabelPlaceholder } from '../shared/LabelPlaceholder';
import { RecordDrawer } from '../shared/RecordDrawer';
import { ASK_TEXTS, ASKS_PATH, ASKS_RESOURCE, type Ask } from './askRecord';
import { AskKindField, AskOwnerField, AskReason, AskStatusChip, DecidedField, RequestedField } from './AskFields';
import { DecisionButtons } from './DecisionButtons';

const DRAWER = `${ASK_TEXTS}.drawer`;

/** One labelled fact of the summary (a definition list's term and its value). */
const Fact = ({ label, children }: { label: string; children: ReactNode }) => {
  const translate = useTranslate();
  if (children === null || children === undefined || children === '') return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' }, columnGap: 2, py: 0.5 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Box>
  );
};

const Facts = ({ children }: { children: ReactNode }) => (
  <Box component="dl" sx={{ m: 0 }}>
    {children}
  </Box>
);

const VenueName = () => <>{useRecordContext<Establishment>()?.generalInfos.establishmentName}</>;
const GroupName = () => <>{useRecordContext<Promoter>()?.generalInfos.promoterName}</>;

/** The address, with the city unless the address names it already. */
const placeOf = ({ localisation, city }: Event['generalInfos']): string | null => {
  if (localisation && city && localisation.includes(city)) return localisation;
  return [localisation, city].filter(Boolean).join(', ') || null;
};

/** An event request read-only: the main fields, as the promoter sent them. */
const EventSummary = ({ event }: { event: Event }) => {
  const ruleInWords = useRuleInWords();
  const info = event.generalInfos;
  return (
    <RecordContextProvider value={event}>
      <Facts>
        <Fact label={`${DRAWER}.event.title`}>{info.eventTitle}</Fact>
        <Fact label={`${DRAWER}.event.venue`}>
          {info.establishmentId === null ? null : (
            <ReferenceFieldBase
              source="generalInfos.establishmentId"
              reference="establishments"
              loading={<LabelPlaceholder />}
            >
              <VenueName />
            </ReferenceFieldBase>
          )}
        </Fact>
        <Fact label={`${DRAWER}.event.promoterGroup`}>
          {info.promoterGroupId === null ? null : (
            <ReferenceFieldBase
              source="generalInfos.promoterGroupId"
              reference="promoters"
              loading={<LabelPlaceholder />}
            >
              <GroupName />
            </ReferenceFieldBase>
          )}
        </Fact>
        <Fact label={`${DRAWER}.event.type`}>{info.eventType.type}</Fact>
        <Fact label={`${DRAWER}.event.dates`}>{ruleInWords(event.dateAndCalendar)}</Fact>
        <Fact label={`${DRAWER}.event.place`}>{placeOf(info)}</Fact>
        <Fact label={`${DRAWER}.event.description`}>{event.description.description}</Fact>
      </Facts>
    </RecordContextProvider>
  );
};

/** A template request read-only: its titles, type and texts. */
const TemplateSummary = ({ template }: { template: OfferTemplate }) => (
  <RecordContextProvider value={template}>
    <Facts>
      <Fact label={`${DRAWER}.template.longTitle`}>{template.longTitle}</Fact>
      <Fact label={`${DRAWER}.template.shortTitle`}>{template.shortTitle}</Fact>
      <Fact label={`${DRAWER}.template.type`}>
        <OfferTypeField />
      </Fact>
      <Fact label={`${DRAWER}.template.owner`}>
        <OwnerField />
      </Fact>
      <Fact label={`${DRAWER}.template.description`}>{template.description}</Fact>
    </Facts>
  </RecordContextProvider>
);

/** Where the record's own page is: the event's edit page, the template request's drawer. */
const recordPathOf = (ask: Ask) =>
  ask.resource === 'events' ? `/events/${ask.recordId}` : `${REQUESTS_PATH}/${ask.recordId}`;

/** The record the ask is about, read with its own collection's rules; a note when it cannot be read. */
const AskRecord = ({ ask }: { ask: Ask }) => {
  const translate = useTranslate();
  const { data, isPending, error } = useGetOne<Event | OfferTemplate>(ask.resource, { id: ask.recordId });
  if (isPending) return <DelayedLoader />;
  if (error || !data) {
    return <Alert severity="info">{translate(`${DRAWER}.unavailable`)}</Alert>;
  }
  return ask.resource === 'events' ? (
    <EventSummary event={data as Event} />
  ) : (
    <TemplateSummary template={data as OfferTemplate} />
  );
};

/** The ask itself: kind, whose, who asked and decided when, the reason; then the record and the decision. */
const AskDetails = ({ ask, onDecided }: { ask: Ask; onDecided: () => void }) => {
  const translate = useTranslate();
  return (
    <RecordContextProvider value={ask}>
      <Stack spacing={2} sx={{ p: 2 }}>
        <Facts>
          <Fact label={`${ASK_TEXTS}.fields.kind`}>
            <AskKindField />
          </Fact>
          <Fact label={`${ASK_TEXTS}.fields.owner`}>
            {ask.establishmentId === null && ask.promoterGroupId === null ? null : <AskOwnerField />}
          </Fact>
          <Fact label={`${ASK_TEXTS}.fields.requested`}>
            <RequestedField />
          </Fact>
          <Fact label={`${ASK_TEXTS}.fields.decided`}>{ask.decidedAt ? <DecidedField /> : null}</Fact>
        </Facts>
        {ask.reason ? (
          <Alert severity={ask.status === 'REJECTED' ? 'error' : 'success'} icon={false}>
            <AskReason reason={ask.reason} />
          </Alert>
        ) : null}
        <Divider />
        <Typography variant="subtitle2" component="h3">
          {translate(`${DRAWER}.record.${ask.kind}`)}
        </Typography>
        <AskRecord ask={ask} />
        <Box>
          <Button component={RouterLink} to={recordPathOf(ask)} size="small" startIcon={<OpenInNewIcon />}>
            {translate(`${DRAWER}.open`)}
          </Button>
        </Box>
        {ask.awaitsMe ? (
          <>
            <Divider />
            <DecisionButtons ask={ask} size="medium" onDecided={onDecided} />
          </>
        ) : null}
      </Stack>
    </RecordContextProvider>
  );
};

const AskDrawerContent = ({ id, onDecided }: { id: Identifier; onDecided: () => void }) => {
  const translate = useTranslate();
  const { data: ask, isPending, error } = useGetOne<Ask>(ASKS_RESOURCE, { id: Number(id) });
  if (isPending) return <DelayedLoader />;
  if (error || !ask) {
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        {translate(`${DRAWER}.notFound`)}
      </Alert>
    );
  }
  return <AskDetails ask={ask} onDecided={onDecided} />;
};

const AskDrawerTitle = ({ id }: { id: Identifier }) => {
  const translate = useTranslate();
  const { data: ask } = useGetOne<Ask>(ASKS_RESOURCE, { id: Number(id) });
  return <>{ask?.title ?? translate(`${ASK_TEXTS}.name`, { smart_count: 1 })}</>;
};

const AskDrawerStatus = ({ id }: { id: Identifier }) => {
  const { data: ask } = useGetOne<Ask>(ASKS_RESOURCE, { id: Number(id) });
  return ask ? <AskStatusChip status={ask.status} /> : null;
};

/**
 * `/asks/:id`: the ask beside the list, its record read-only, with Approve and Reject when it awaits the viewer.
 * A decision closes it, so that the list and the undo notice show (a modal drawer would hide the notice from
 * assistive technology).
 */
export const AskDrawer = () => {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const close = () => navigate(ASKS_PATH);
  const segment = matchPath(`${ASKS_PATH}/:id`, pathname)?.params.id;
  const id = segment === undefined ? undefined : decodeURIComponent(segment);
  return (
    <RecordDrawer
      open={id !== undefined}
      onClose={close}
      title={id === undefined ? null : <AskDrawerTitle id={id} />}
      headerExtra={id === undefined ? null : <AskDrawerStatus id={id} />}
    >
      {id === undefined ? null : <AskDrawerContent id={id} onDecided={close} />}
    </RecordDrawer>
  );
};
