import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import { Alert, AlertTitle, Chip, Tooltip } from '@mui/material';
import type { ReactElement } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import type { ApprovalStatus } from '../../../domain/enums';
import type { Event } from '../../../domain/event';

export const APPROVAL = 'eventApproval';

const LOOK: Record<
  ApprovalStatus,
  { color: 'warning' | 'success' | 'error'; icon: ReactElement; severity: 'warning' | 'success' | 'error' }
> = {
  PENDING: { color: 'warning', icon: <HourglassTopIcon />, severity: 'warning' },
  APPROVED: { color: 'success', icon: <CheckCircleOutlineIcon />, severity: 'success' },
  REJECTED: { color: 'error', icon: <CancelOutlinedIcon />, severity: 'error' },
};

/** A request's state as a chip; a rejection's reason (or an approval's note) shows on hover and to screen readers. */
export const ApprovalStatusChip = ({ status, reason }: { status: ApprovalStatus; reason?: string | null }) => {
  const translate = useTranslate();
  const label = translate(`${APPROVAL}.status.${status}`);
  const chip = (
    <Chip
      size="small"
      data-approval-status={status}
      color={LOOK[status].color}
      icon={LOOK[status].icon}
      variant={status === 'APPROVED' ? 'outlined' : 'filled'}
      label={label}
      aria-label={reason ? `${label}: ${reason}` : label}
    />
  );
  return reason ? <Tooltip title={translate(`${APPROVAL}.reason`, { reason })}>{chip}</Tooltip> : chip;
};

/** The list column: nothing for an event the venue created itself (no approval status). */
export const ApprovalStatusField = (_props: { label?: string }) => {
  const record = useRecordContext<Event>();
  const status = record?.generalInfos.approvalStatus;
  return status ? <ApprovalStatusChip status={status} reason={record.generalInfos.approvalReason} /> : null;
};

/**
 * For the edit page of a request: where it stands and, once decided, the venue's reason. This is how a
 * promoter learns why a request was rejected (the mail says it too).
 */
export const ApprovalNotice = ({ record: given }: { record?: Event }) => {
  const translate = useTranslate();
  const fromContext = useRecordContext<Event>();
  const record = given ?? fromContext;
  const status = record?.generalInfos.approvalStatus;
  if (!record || !status) return null;
  const reason = record.generalInfos.approvalReason;
  return (
    <Alert severity={LOOK[status].severity} icon={LOOK[status].icon} role="status" data-approval-status={status}>
      <AlertTitle>{translate(`${APPROVAL}.status.${status}`)}</AlertTitle>
      {translate(`${APPROVAL}.notice.${status}`)}
      {reason ? <div>{translate(`${APPROVAL}.reason`, { reason })}</div> : null}
    </Alert>
  );
};
