import { useSessionUser } from '../../providers/appContexts';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useDataProvider, useMutationWithMutationMode, useNotify, type GetListResult } from 'react-admin';
import { RESOURCE_ERROR_CODES, TEMPLATE_REQUEST_ERROR_CODES } from '../../domain/errors';
import { EVENT_PROBLEMS } from '../../domain/event';
import type { AppDataProvider } from '../../providers/dataProvider';
import { errorCodeOf, errorMessageKeyOf } from '../shared/resourceErrors';
import { ASK_TEXTS, ASKS_RESOURCE, type Ask, type AskDecision } from './askRecord';

export interface DecideAsksParams {
  asks: readonly Ask[];
  decision: AskDecision;
  /** Required for a rejection (the dialog asks for it). */
  reason?: string;
}

/** What a sent decision came back with: the ids decided, and the first refusal when some were not. */
interface DecisionOutcome {
  decided: Ask['id'][];
}

/** A bulk decision some of whose requests were refused: the first refusal stands for them. */
class DecisionsRefused extends Error {
  constructor(
    readonly failed: number,
    readonly total: number,
    firstRefusal: unknown,
  ) {
    super('Some decisions were refused', { cause: firstRefusal });
  }
}

/** One decision through the record's own endpoint (ARCHITECTURE.md §9): the event's or the template's. */
const decideOne = (dataProvider: AppDataProvider, ask: Ask, decision: AskDecision, reason?: string) => {
  if (ask.resource === 'events') {
    return decision === 'approve'
      ? dataProvider.approveEvent(ask.recordId, reason || undefined)
      : dataProvider.rejectEvent(ask.recordId, reason ?? '');
  }
  return dataProvider.decideTemplateRequest(ask.recordId, decision, reason ? { reason } : {});
};

/** Server codes of a refused decision that have a sentence of their own (someone decided first). */
const DECISION_ERRORS: Readonly<Record<string, string>> = {
  [EVENT_PROBLEMS.alreadyDecided]: `${ASK_TEXTS}.errors.alreadyDecided`,
  [TEMPLATE_REQUEST_ERROR_CODES.alreadyDecided]: `${ASK_TEXTS}.errors.alreadyDecided`,
  [EVENT_PROBLEMS.notARequest]: `${ASK_TEXTS}.errors.notARequest`,
  [RESOURCE_ERROR_CODES.editConflict]: `${ASK_TEXTS}.errors.changed`,
};

const messageKeyOf = (error: unknown) => {
  const code = errorCodeOf(error);
  return (code && DECISION_ERRORS[code]) || errorMessageKeyOf(error);
};

/** What the list shows at once, before the decision is sent (and what Undo puts back). */
/** Who decides, as the row shows it until the list reloads: the signed-in user. */
interface Decider {
  id: number;
  name: string;
}

const decidedAsk = (ask: Ask, { decision, reason }: Partial<DecideAsksParams>, decider: Decider | null): Ask => ({
  ...ask,
  status: decision === 'approve' ? 'APPROVED' : 'REJECTED',
  reason: reason ?? null,
  awaitsMe: false,
  decidedAt: new Date().toISOString(),
  decidedBy: decider?.id ?? null,
  decidedByName: decider?.name ?? null,
});

const ASKS_QUERY: QueryKey = [ASKS_RESOURCE];

/**
 * Approve or reject asks, one or many, undoably (react-admin's `undoable` mutation mode, as its demo's review
 * buttons): the list shows the decision and the menu's count drops at once, the notice offers Undo, and the
 * requests are sent only when the notice closes. Undo puts the list back and sends nothing. Once sent, every
 * `asks` query (the list, the count) and the decided records' own queries refresh; a refusal (someone decided
 * first) is said and the list shows what is true.
 */
export const useDecideAsks = ({ onDecided }: { onDecided?: (params: DecideAsksParams) => void } = {}) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const decider: Decider | null = user ? { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() } : null;

  const [mutate, { isPending }] = useMutationWithMutationMode<unknown, { data: DecisionOutcome }, DecideAsksParams>(
    { asks: [], decision: 'approve' },
    {
      mutationMode: 'undoable',
      mutationFn: async ({ asks, decision, reason }) => {
        const results = await Promise.allSettled(asks.map((ask) => decideOne(dataProvider, ask, decision, reason)));
        const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
        if (refusals.length > 0) {
          throw asks.length === 1 ? refusals[0] : new DecisionsRefused(refusals.length, asks.length, refusals[0]);
        }
        return { data: { decided: asks.map((ask) => ask.id) } };
      },
      getQueryKeys: () => [ASKS_QUERY],
      updateCache: (params) => {
        const decided = new Map((params.asks ?? []).map((ask) => [String(ask.id), ask]));
        // As react-admin's own undoable updates: the optimistic data counts as fresh until the notice is gone.
        const updatedAt = Date.now() + 5_000;
        const apply = (ask: Ask) => (decided.has(String(ask.id)) ? decidedAsk(ask, params, decider) : ask);
        for (const [key, answer] of queryClient.getQueriesData<GetListResult<Ask>>({
          queryKey: [ASKS_RESOURCE, 'getList'],
        })) {
          if (!answer?.data) continue;
          const filter = (key[2] as { filter?: Record<string, unknown> } | undefined)?.filter ?? {};
          // What lists only pending asks (the count, "Awaiting me") loses the decided ones, which all awaited
          // the viewer; any other list shows them decided in place.
          const onlyPending = filter.awaitsMe === true || filter.status === 'PENDING';
          const data = onlyPending ? answer.data.filter((ask) => !decided.has(String(ask.id))) : answer.data.map(apply);
          const removed = filter.awaitsMe === true ? decided.size : answer.data.length - data.length;
          queryClient.setQueryData<GetListResult<Ask>>(
            key,
            { ...answer, data, total: answer.total === undefined ? undefined : Math.max(0, answer.total - removed) },
            { updatedAt },
          );
        }
        for (const ask of decided.values()) {
          queryClient.setQueriesData<Ask>(
            { queryKey: [ASKS_RESOURCE, 'getOne', { id: String(ask.id) }] },
            (record) => (record ? decidedAsk(record, params, decider) : record),
            { updatedAt },
          );
        }
        return { decided: [...decided.values()].map((ask) => ask.id) };
      },
      onError: (error) => {
        if (error instanceof DecisionsRefused) {
          notify(`${ASK_TEXTS}.notifications.someRefused`, {
            type: 'error',
            messageArgs: { failed: error.failed, total: error.total },
          });
        } else {
          const key = messageKeyOf(error);
          notify(key, { type: 'error', messageArgs: { _: errorCodeOf(error) ?? key } });
        }
      },
      onSettled: (_data, _error, params) => {
        // The records themselves changed too (the event's or template's status): their screens read anew.
        const resources = new Set((params?.asks ?? []).map((ask) => ask.resource));
        for (const resource of resources) void queryClient.invalidateQueries({ queryKey: [resource] });
      },
    },
  );

  const decide = (params: DecideAsksParams) =>
    mutate(params, {
      onSuccess: () => {
        notify(`${ASK_TEXTS}.notifications.${params.decision === 'approve' ? 'approved' : 'rejected'}`, {
          type: 'success',
          undoable: true,
          messageArgs: { smart_count: params.asks.length },
        });
        onDecided?.(params);
      },
    });

  return { decide, isPending };
};
