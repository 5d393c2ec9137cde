import { Chip, Stack, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  List,
  NullableBooleanInput,
  SearchInput,
  SimpleList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Plan } from '../../domain/billing';
import { TEXTS } from './BillingChips';
import { useBillingFormat } from './billingFormat';
import { PlanName } from './PlanName';
import { recordPathOf } from './paths';
import { useDrawerListControls } from '../shared/drawerList';

const PLANS = 'resources.plans';

const planFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="isActive" source="isActive" label={`${PLANS}.fields.isActive`} alwaysOn />,
];

/** "CHF 49.90 / month" in the interface language. */
export const usePriceText = () => {
  const translate = useTranslate();
  const format = useBillingFormat();
  return (plan: Pick<Plan, 'priceCentimes' | 'interval'>) =>
    translate(`${TEXTS}.pricePer.${plan.interval}`, { price: format.chf(plan.priceCentimes) });
};

const PlanPrice = () => {
  const plan = useRecordContext<Plan>();
  const priceText = usePriceText();
  return plan ? <>{priceText(plan)}</> : null;
};

/** What the plan includes: the pro logo, the exclusive offers a month. */
const PlanFeatures = () => {
  const translate = useTranslate();
  const plan = useRecordContext<Plan>();
  if (!plan) return null;
  const offers = plan.features.exclusiveOffersPerMonth;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {plan.features.proLogo ? <Chip size="small" label={translate(`${PLANS}.fields.proLogo`)} /> : null}
      <Chip
        size="small"
        variant="outlined"
        label={
          offers === null
            ? translate(`${PLANS}.offersUnlimited`)
            : translate(`${PLANS}.offersPerMonth`, { smart_count: offers })
        }
      />
    </Stack>
  );
};

const ActiveChip = () => {
  const translate = useTranslate();
  const plan = useRecordContext<Plan>();
  if (!plan) return null;
  return (
    <Chip
      size="small"
      color={plan.isActive ? 'success' : 'default'}
      variant="outlined"
      label={translate(`${PLANS}.${plan.isActive ? 'active' : 'inactive'}`)}
    />
  );
};

/** The plans: name in the interface language, price per interval, features, subscriptions on it. */
export const PlanList = () => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const format = useBillingFormat();
  const priceText = usePriceText();
  const { rowClick, actions } = useDrawerListControls('plans', (id) => recordPathOf('plans', id));
  return (
    <List
      resource="plans"
      sort={{ field: 'priceCentimes', order: 'ASC' }}
      filters={planFilters}
      perPage={25}
      actions={actions}
      exporter={false}
      title={false}
      disableSyncWithLocation
      storeKey="plans.list"
    >
      {isPhone ? (
        <SimpleList<Plan>
          primaryText={(plan) => format.planName(plan as Plan)}
          secondaryText={(plan) => priceText(plan as Plan)}
          tertiaryText={<ActiveChip />}
          rowClick={rowClick}
        />
      ) : (
        <DataTable<Plan> bulkActionButtons={false} rowClick={rowClick}>
          <DataTable.Col source="name" label={`${PLANS}.fields.name`} disableSort>
            <PlanName />
          </DataTable.Col>
          <DataTable.Col source="priceCentimes" label={`${PLANS}.fields.price`}>
            <PlanPrice />
          </DataTable.Col>
          <DataTable.Col source="features" label={`${PLANS}.sections.features`} disableSort>
            <PlanFeatures />
          </DataTable.Col>
          <DataTable.NumberCol source="activeSubscriptions" label={`${PLANS}.fields.activeSubscriptions`} disableSort />
          <DataTable.Col source="isActive" label={`${PLANS}.fields.isActive`} disableSort>
            <ActiveChip />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
};
