import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import DescriptionIcon from '@mui/icons-material/Description';
import EventIcon from '@mui/icons-material/Event';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { Chip, Stack, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { ReferenceFieldBase, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { ApprovalStatus } from '../../domain/enums';
import type { Establishment } from '../../domain/establishment';
import type { Promoter } from '../../domain/promoter';
import { formatDateTime } from '../shared/dateFormat';
import { LabelPlaceholder } from '../shared/LabelPlaceholder';
import { ASK_TEXTS, type Ask, type AskKind } from './askRecord';

const STATUS_LOOK: Record<ApprovalStatus, { color: 'warning' | 'success' | 'error'; icon: ReactElement }> = {
  PENDING: { color: 'warning', icon: <HourglassEmptyIcon /> },
  APPROVED: { color: 'success', icon: <CheckCircleOutlineIcon /> },
  REJECTED: { color: 'error', icon: <BlockIcon /> },
};

/** Pending, approved or rejected as a chip, each with its colour and icon (told apart without colour too). */
export const AskStatusChip = ({ status }: { status: ApprovalStatus }) => {
  const translate = useTranslate();
  const look = STATUS_LOOK[status];
  return (
    <Chip
      size="small"
      variant={status === 'APPROVED' ? 'outlined' : 'filled'}
      color={look.color}
      icon={look.icon}
      data-ask-status={status}
      label={translate(`${ASK_TEXTS}.status.${status}`)}
    />
  );
};

/** The decider's reason, in full under the status (a rejection always has one). */
export const AskReason = ({ reason }: { reason: string | null }) => {
  const translate = useTranslate();
  if (!reason) return null;
  return (
    <Typography
      component="span"
      variant="body2"
      color="text.secondary"
      sx={{ display: 'block', mt: 0.5, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
    >
      {translate(`${ASK_TEXTS}.reasonLine`, { reason })}
    </Typography>
  );
};

/** The list's status column: the chip and, once decided, the reason. */
export const AskStatusField = (_props: { label?: string }) => {
  const ask = useRecordContext<Ask>();
  if (!ask) return null;
  return (
    <span>
      <AskStatusChip status={ask.status} />
      <AskReason reason={ask.reason} />
    </span>
  );
};

const KIND_ICONS: Record<AskKind, ReactElement> = {
  EVENT_REQUEST: <EventIcon fontSize="small" />,
  TEMPLATE_REQUEST: <DescriptionIcon fontSize="small" />,
};

/** "Event request" or "Template request", with its icon. */
export const AskKindField = (_props: { label?: string }) => {
  const ask = useRecordContext<Ask>();
  const translate = useTranslate();
  if (!ask) return null;
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      {KIND_ICONS[ask.kind]}
      <Typography component="span" variant="body2" color="text.primary">
        {translate(`${ASK_TEXTS}.kinds.${ask.kind}`)}
      </Typography>
    </Stack>
  );
};

/** An instant in the interface language, 24-hour clock ("25.11.2026, 23:58"). */
export const useFormatInstant = () => {
  const [locale] = useLocaleState();
  return (instant: string) => formatDateTime(instant, locale);
};

/** Who (by name) and when: the request's or the decision's. Nothing when it has not happened. */
const PersonAndTime = ({ name, at }: { name: string | null; at: string | null }) => {
  const formatInstant = useFormatInstant();
  if (!name && !at) return null;
  return (
    <Stack component="span" sx={{ display: 'inline-flex' }}>
      {name ? (
        <Typography component="span" variant="body2">
          {name}
        </Typography>
      ) : null}
      {at ? (
        <Typography component="time" variant="body2" color="text.secondary" dateTime={at} sx={{ whiteSpace: 'nowrap' }}>
          {formatInstant(at)}
        </Typography>
      ) : null}
    </Stack>
  );
};

export const RequestedField = (_props: { label?: string }) => {
  const ask = useRecordContext<Ask>();
  return ask ? <PersonAndTime name={ask.requestedByName} at={ask.requestedAt} /> : null;
};

export const DecidedField = (_props: { label?: string }) => {
  const ask = useRecordContext<Ask>();
  return ask ? <PersonAndTime name={ask.decidedByName} at={ask.decidedAt} /> : null;
};

const Name = ({ text }: { text: string | undefined }) => (
  <Typography component="span" variant="body2" sx={{ display: 'block' }}>
    {text}
  </Typography>
);

const EstablishmentName = () => <Name text={useRecordContext<Establishment>()?.generalInfos.establishmentName} />;
const PromoterName = () => <Name text={useRecordContext<Promoter>()?.generalInfos.promoterName} />;

const Unreadable = ({ id }: { id: number }) => <Name text={`#${id}`} />;

/** The establishment's name (a placeholder while it loads, `#id` when it cannot be read). */
export const AskEstablishmentField = (_props: { label?: string }) => {
  const ask = useRecordContext<Ask>();
  if (ask?.establishmentId == null) return null;
  return (
    <ReferenceFieldBase
      source="establishmentId"
      reference="establishments"
      loading={<LabelPlaceholder />}
      error={<Unreadable id={ask.establishmentId} />}
    >
      <EstablishmentName />
    </ReferenceFieldBase>
  );
};

/** The promoter group's name (a placeholder while it loads, `#id` when it cannot be read). */
export const AskPromoterGroupField = (_props: { label?: string }) => {
  const ask = useRecordContext<Ask>();
  if (ask?.promoterGroupId == null) return null;
  return (
    <ReferenceFieldBase
      source="promoterGroupId"
      reference="promoters"
      loading={<LabelPlaceholder />}
      error={<Unreadable id={ask.promoterGroupId} />}
    >
      <PromoterName />
    </ReferenceFieldBase>
  );
};

/** Whose request: the venue (an event request's, a venue's template request) and the promoter group. */
export const AskOwnerField = (_props: { label?: string }) => (
  <span>
    <AskEstablishmentField />
    <AskPromoterGroupField />
  </span>
);
