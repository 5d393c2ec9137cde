import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Button, Stack } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useListContext, useRecordContext, useTranslate, useUnselectAll, type Identifier } from 'react-admin';
import { ASK_TEXTS, ASKS_RESOURCE, type Ask } from './askRecord';
import { RejectReasonDialog } from './RejectReasonDialog';
import { useDecideAsks } from './useDecideAsks';

/** Buttons in a row must not open the row (the list's rowClick). */
const stopRowClick = (event: MouseEvent) => event.stopPropagation();

/**
 * Approve and Reject of one ask that awaits the viewer (`awaitsMe`, the server's answer); nothing for any
 * other. The record comes from the props or the record context (a list row). Undoable (useDecideAsks).
 */
export const DecisionButtons = ({
  ask: given,
  size = 'small',
  onDecided,
}: {
  ask?: Ask;
  size?: 'small' | 'medium';
  label?: string;
  /** After the decision is taken (before it is sent: it can still be undone). */
  onDecided?: () => void;
}) => {
  const fromContext = useRecordContext<Ask>();
  const ask = given ?? fromContext;
  const translate = useTranslate();
  const { decide } = useDecideAsks({ onDecided });
  const [rejecting, setRejecting] = useState(false);
  if (!ask?.awaitsMe) return null;
  return (
    <Stack
      direction="row"
      onClick={stopRowClick}
      sx={{ flexWrap: 'wrap', gap: 1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
    >
      <Button
        size={size}
        color="success"
        variant="outlined"
        startIcon={<CheckIcon />}
        onClick={() => decide({ asks: [ask], decision: 'approve' })}
        aria-label={translate(`${ASK_TEXTS}.actions.approveOne`, { title: ask.title })}
      >
        {translate(`${ASK_TEXTS}.actions.approve`)}
      </Button>
      <Button
        size={size}
        color="error"
        variant="outlined"
        startIcon={<CloseIcon />}
        onClick={() => setRejecting(true)}
        aria-label={translate(`${ASK_TEXTS}.actions.rejectOne`, { title: ask.title })}
      >
        {translate(`${ASK_TEXTS}.actions.reject`)}
      </Button>
      <RejectReasonDialog
        open={rejecting}
        title={ask.title}
        count={1}
        onCancel={() => setRejecting(false)}
        onReject={(reason) => {
          setRejecting(false);
          decide({ asks: [ask], decision: 'reject', reason });
        }}
      />
    </Stack>
  );
};

const NO_SELECTION: Identifier[] = [];

/** The selected asks that await the viewer (only those can be selected: the list's isRowSelectable). */
const useSelectedAsks = (): Ask[] => {
  const { selectedIds = NO_SELECTION, data = [] } = useListContext<Ask>();
  const selected = new Set(selectedIds.map(String));
  return data.filter((ask) => selected.has(String(ask.id)) && ask.awaitsMe);
};

/** Approve or reject every selected ask at once, undoably; rejecting asks one reason for all. */
export const BulkDecisionButtons = () => {
  const translate = useTranslate();
  const asks = useSelectedAsks();
  const unselectAll = useUnselectAll(ASKS_RESOURCE);
  const { decide } = useDecideAsks({ onDecided: () => unselectAll() });
  const [rejecting, setRejecting] = useState(false);
  const disabled = asks.length === 0;
  return (
    <>
      <Button
        size="small"
        color="success"
        startIcon={<CheckIcon />}
        disabled={disabled}
        onClick={() => decide({ asks, decision: 'approve' })}
      >
        {translate(`${ASK_TEXTS}.actions.approve`)}
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={<CloseIcon />}
        disabled={disabled}
        onClick={() => setRejecting(true)}
      >
        {translate(`${ASK_TEXTS}.actions.reject`)}
      </Button>
      <RejectReasonDialog
        open={rejecting}
        title={null}
        count={asks.length}
        onCancel={() => setRejecting(false)}
        onReject={(reason) => {
          setRejecting(false);
          decide({ asks, decision: 'reject', reason });
        }}
      />
    </>
  );
};
