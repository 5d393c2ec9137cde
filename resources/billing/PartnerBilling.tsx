import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { List, useGetList, useTranslate } from 'react-admin';
import type { Subscription } from '../../domain/billing';
import { PaidChip, SubscriptionStatusChip, TEXTS } from './BillingChips';
import { InvoiceRows } from './InvoiceList';
import { usePriceText } from './PlanList';
import { useBillingFormat, usePlansOf } from './billingFormat';

const PARTNER = 'resources.billing.partner';

const Line = ({ label, value }: { label: string; value: string }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
    <Typography variant="body2" color="text.secondary" component="span">
      {label}
    </Typography>
    <Typography variant="body2" component="span">
      {value}
    </Typography>
  </Box>
);

/** One subscription as its partner reads it: the plan, its price, the period, what is planned, paid or not. */
const SubscriptionCard = ({ subscription }: { subscription: Subscription }) => {
  const translate = useTranslate();
  const format = useBillingFormat();
  const priceText = usePriceText();
  const plans = usePlansOf(subscription);
  const plan = plans.find((candidate) => candidate.id === subscription.planId);
  const nextPlan = plans.find((candidate) => candidate.id === subscription.nextPlanId);
  return (
    <Card variant="outlined" component="section" aria-label={translate(`${PARTNER}.subscription`)}>
      <CardContent>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2">
              {plan ? format.planName(plan) : '…'}
            </Typography>
            <SubscriptionStatusChip subscription={subscription} />
            <PaidChip subscription={subscription} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {subscription.partner.name}
          </Typography>
          {plan ? <Line label={translate(`${PARTNER}.price`)} value={priceText(plan)} /> : null}
          <Line
            label={translate(`${PARTNER}.period`)}
            value={format.period(subscription.currentPeriodStart, subscription.currentPeriodEnd)}
          />
          {subscription.nextPlanId ? (
            <Line
              label={translate(`${PARTNER}.nextPlan`)}
              value={translate(`${PARTNER}.nextPlanFrom`, {
                plan: nextPlan ? format.planName(nextPlan) : '…',
                date: format.day(subscription.currentPeriodEnd),
              })}
            />
          ) : null}
          {subscription.endsOn ? (
            <Alert severity={subscription.status === 'ENDED' ? 'info' : 'warning'}>
              {translate(`${PARTNER}.${subscription.status === 'ENDED' ? 'ended' : 'endsOn'}`, {
                date: format.day(subscription.endsOn),
              })}
            </Alert>
          ) : null}
          {!subscription.isPaid && subscription.status === 'ACTIVE' ? (
            <Alert severity="info">{translate(`${PARTNER}.notPaidHint`)}</Alert>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
};

/**
 * `/billing` for a PROMOTER or an ADMIN: their own partner's subscription and invoices (the server answers
 * nothing of another partner), with each invoice's PDF.
 */
export const PartnerBilling = () => {
  const translate = useTranslate();
  const { data: subscriptions, isPending } = useGetList<Subscription>('subscriptions', {
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'id', order: 'DESC' },
  });
  return (
    <Stack spacing={3} sx={{ mt: 2 }}>
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`${PARTNER}.subscriptionTitle`)}
        </Typography>
        {isPending ? null : subscriptions && subscriptions.length > 0 ? (
          <Stack spacing={2}>
            {subscriptions.map((subscription) => (
              <SubscriptionCard key={subscription.id} subscription={subscription} />
            ))}
          </Stack>
        ) : (
          <Alert severity="info">{translate(`${PARTNER}.noSubscription`)}</Alert>
        )}
      </Box>
      <Box>
        <Typography variant="h6" component="h2">
          {translate(`${TEXTS}.tabs.invoices`)}
        </Typography>
        <List
          resource="invoices"
          sort={{ field: 'issuedOn', order: 'DESC' }}
          perPage={25}
          actions={false}
          exporter={false}
          title={false}
          disableSyncWithLocation
          storeKey="invoices.partner.list"
          empty={<Typography sx={{ py: 2 }}>{translate(`${PARTNER}.noInvoices`)}</Typography>}
        >
          <InvoiceRows withPartner={false} />
        </List>
      </Box>
    </Stack>
  );
};
