import { Box, Tab, Tabs } from '@mui/material';
import { ResourceContextProvider, Title, useCanAccess, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { TEXTS } from './BillingChips';
import { InvoiceList } from './InvoiceList';
import { InvoiceShow } from './InvoiceShow';
import { PartnerBilling } from './PartnerBilling';
import { PlanCreate, PlanEdit } from './PlanForms';
import { PlanList } from './PlanList';
import { SubscriptionCreate, SubscriptionEdit } from './SubscriptionForms';
import { SubscriptionList } from './SubscriptionList';
import { BILLING_AREA, listPathOf, routeOf, type BillingDrawer, type BillingTab } from './paths';

const TabDrawer = ({ tab, drawer, onClose }: { tab: BillingTab; drawer: BillingDrawer; onClose: () => void }) => {
  if (drawer.mode === 'closed') return null;
  if (tab === 'invoices')
    return drawer.mode === 'open' ? <InvoiceShow key={drawer.id} id={drawer.id} onClose={onClose} /> : null;
  if (tab === 'subscriptions') {
    return drawer.mode === 'create' ? (
      <SubscriptionCreate onClose={onClose} />
    ) : (
      <SubscriptionEdit key={drawer.id} id={drawer.id} onClose={onClose} />
    );
  }
  return drawer.mode === 'create' ? (
    <PlanCreate onClose={onClose} />
  ) : (
    <PlanEdit key={drawer.id} id={drawer.id} onClose={onClose} />
  );
};

const TAB_LISTS: Record<BillingTab, () => React.JSX.Element> = {
  invoices: InvoiceList,
  subscriptions: SubscriptionList,
  plans: PlanList,
};

/** ROOT: Invoices, Subscriptions and Plans on tabs, each tab and drawer at its own path. */
const RootBilling = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { tab, drawer } = routeOf(pathname);
  const TabList = TAB_LISTS[tab];
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_event, next: BillingTab) => navigate(listPathOf(next))}
        aria-label={translate('app.menu.billing')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="invoices" label={translate(`${TEXTS}.tabs.invoices`)} />
        <Tab value="subscriptions" label={translate(`${TEXTS}.tabs.subscriptions`)} />
        <Tab value="plans" label={translate(`${TEXTS}.tabs.plans`)} />
      </Tabs>
      <ResourceContextProvider value={tab}>
        <TabList />
        <TabDrawer tab={tab} drawer={drawer} onClose={() => navigate(listPathOf(tab))} />
      </ResourceContextProvider>
    </>
  );
};

/** A partner's page: its subscription and invoices; an invoice opens in its drawer. */
const PartnerPage = () => {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { tab, drawer } = routeOf(pathname);
  return (
    <>
      <PartnerBilling />
      {tab === 'invoices' ? (
        <ResourceContextProvider value="invoices">
          <TabDrawer tab="invoices" drawer={drawer} onClose={() => navigate(BILLING_AREA)} />
        </ResourceContextProvider>
      ) : null}
    </>
  );
};

/**
 * `/billing/*`: ROOT runs billing (who may create plans sees the tabs); a PROMOTER or an ADMIN reads its own
 * partner's subscription and invoices. The route guard has already let the viewer in.
 */
export const BillingPage = () => {
  const { canAccess: runsBilling, isPending } = useCanAccess({ resource: 'plans', action: 'create' });
  return (
    <Box>
      <Title title="app.menu.billing" />
      {isPending ? null : runsBilling ? <RootBilling /> : <PartnerPage />}
    </Box>
  );
};
