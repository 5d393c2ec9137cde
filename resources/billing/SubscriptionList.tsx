import type { MouseEvent } from 'react';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Button as MuiButton, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  useCanAccess,
  useCreate,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { PARTNER_KINDS, SUBSCRIPTION_STATUSES, type Invoice, type Plan, type Subscription } from '../../domain/billing';
import { useNotifyResourceError } from '../shared/resourceErrors';
import { PaidChip, SubscriptionStatusChip, TEXTS } from './BillingChips';
import { planLabelIn, useBillingFormat } from './billingFormat';
import { PlanName } from './PlanName';
import { recordPathOf } from './paths';
import { useDrawerListControls } from '../shared/drawerList';

const SUBSCRIPTIONS = 'resources.subscriptions';

const useSubscriptionFilters = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      label={`${SUBSCRIPTIONS}.fields.status`}
      choices={SUBSCRIPTION_STATUSES.map((status) => ({
        id: status,
        name: translate(`${TEXTS}.subscriptionStatus.${status}`),
      }))}
      alwaysOn
    />,
    <SelectInput
      key="partnerKind"
      source="partnerKind"
      label={`${SUBSCRIPTIONS}.fields.partnerKind`}
      choices={PARTNER_KINDS.map((kind) => ({ id: kind, name: translate(`${TEXTS}.partnerKind.${kind}`) }))}
    />,
    <ReferenceInput key="planId" source="planId" reference="plans" sort={{ field: 'priceCentimes', order: 'ASC' }}>
      <SelectInput label={`${SUBSCRIPTIONS}.fields.planId`} optionText={(plan: Plan) => planLabelIn(plan, locale)} />
    </ReferenceInput>,
  ];
};

const PlanNameOf = ({ source }: { source: 'planId' | 'nextPlanId' }) => {
  const record = useRecordContext<Subscription>();
  if (!record?.[source]) return <>—</>;
  return (
    <ReferenceField source={source} reference="plans" link={false}>
      <PlanName />
    </ReferenceField>
  );
};

const PartnerCell = () => {
  const translate = useTranslate();
  const record = useRecordContext<Subscription>();
  if (!record) return null;
  return (
    <Stack>
      <span>{record.partner.name}</span>
      <Typography variant="caption" color="text.secondary">
        {translate(`${TEXTS}.partnerKind.${record.partner.kind}`)}
      </Typography>
    </Stack>
  );
};

const PeriodCell = () => {
  const translate = useTranslate();
  const format = useBillingFormat();
  const record = useRecordContext<Subscription>();
  if (!record) return null;
  return (
    <Stack>
      <span>{format.period(record.currentPeriodStart, record.currentPeriodEnd)}</span>
      {record.endsOn ? (
        <Typography variant="caption" color="text.secondary">
          {translate(`${SUBSCRIPTIONS}.endsOn`, { date: format.day(record.endsOn) })}
        </Typography>
      ) : null}
    </Stack>
  );
};

/**
 * `POST /invoices {subscriptionId}`: the invoice of the subscription's current period (mailed by the server),
 * then its drawer. Refused when the period has one already (409 ALREADY_INVOICED), said in the user's language.
 */
export const CreateInvoiceButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const notifyError = useNotifyResourceError();
  const record = useRecordContext<Subscription>();
  const [create, { isPending }] = useCreate<Invoice>();
  // A period is invoiced once: the button goes once its invoice stands.
  if (!record || record.status !== 'ACTIVE' || record.currentPeriodInvoiceId !== null) return null;
  const label = translate(`${SUBSCRIPTIONS}.actions.createInvoice`);
  const createInvoice = (event: MouseEvent) => {
    event.stopPropagation();
    void create(
      'invoices',
      { data: { subscriptionId: record.id } },
      {
        onSuccess: (invoice) => {
          notify(`${SUBSCRIPTIONS}.notifications.invoiceCreated`, {
            type: 'success',
            messageArgs: { number: invoice.number },
          });
          navigate(recordPathOf('invoices', invoice.id));
        },
        onError: notifyError,
      },
    );
  };
  return (
    <MuiButton
      size="small"
      startIcon={<ReceiptLongIcon />}
      onClick={createInvoice}
      disabled={isPending}
      aria-label={`${label}: ${record.partner.name}`}
    >
      {label}
    </MuiButton>
  );
};

/** The subscriptions: partner, plan, status, period, the plan planned next, paid or not; invoice on demand. */
export const SubscriptionList = () => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const format = useBillingFormat();
  const filters = useSubscriptionFilters();
  const { canAccess: canInvoice = false } = useCanAccess({ resource: 'invoices', action: 'create' });
  const { rowClick, actions } = useDrawerListControls('subscriptions', (id) => recordPathOf('subscriptions', id));
  return (
    <List
      resource="subscriptions"
      sort={{ field: 'id', order: 'DESC' }}
      filters={filters}
      perPage={25}
      actions={actions}
      exporter={false}
      title={false}
      disableSyncWithLocation
      storeKey="subscriptions.list"
    >
      {isPhone ? (
        <SimpleList<Subscription>
          primaryText={(record) => record.partner.name}
          secondaryText={(record) => format.period(record.currentPeriodStart, record.currentPeriodEnd)}
          tertiaryText={
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <SubscriptionStatusChip />
              <PaidChip />
              {canInvoice ? <CreateInvoiceButton /> : null}
            </Stack>
          }
          rowClick={rowClick}
        />
      ) : (
        <DataTable<Subscription> bulkActionButtons={false} rowClick={rowClick}>
          <DataTable.Col source="partner" label={`${SUBSCRIPTIONS}.fields.partner`} disableSort>
            <PartnerCell />
          </DataTable.Col>
          <DataTable.Col source="planId" label={`${SUBSCRIPTIONS}.fields.planId`} disableSort>
            <PlanNameOf source="planId" />
          </DataTable.Col>
          <DataTable.Col source="status" label={`${SUBSCRIPTIONS}.fields.status`} disableSort>
            <SubscriptionStatusChip />
          </DataTable.Col>
          <DataTable.Col source="currentPeriodEnd" label={`${SUBSCRIPTIONS}.fields.period`}>
            <PeriodCell />
          </DataTable.Col>
          <DataTable.Col source="nextPlanId" label={`${SUBSCRIPTIONS}.fields.nextPlanId`} disableSort>
            <PlanNameOf source="nextPlanId" />
          </DataTable.Col>
          <DataTable.Col source="isPaid" label={`${SUBSCRIPTIONS}.fields.isPaid`} disableSort>
            <PaidChip />
          </DataTable.Col>
          {canInvoice ? (
            <DataTable.Col label={`${SUBSCRIPTIONS}.fields.actions`} disableSort>
              <CreateInvoiceButton />
            </DataTable.Col>
          ) : null}
        </DataTable>
      )}
    </List>
  );
};
