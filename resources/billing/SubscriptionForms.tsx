import { SimpleForm, useEditContext, type Identifier } from 'react-admin';
import type { Subscription } from '../../domain/billing';
import { DrawerCreate, DrawerEdit } from '../shared/DrawerForms';
import {
  SubscriptionCreateInputs,
  SubscriptionEditInputs,
  subscriptionCreateBody,
  subscriptionUpdateBody,
  validateSubscriptionCreate,
  validateSubscriptionUpdate,
} from './SubscriptionInputs';
import { listPathOf } from './paths';

const SUBSCRIPTIONS_LIST = () => listPathOf('subscriptions');

const NEW_SUBSCRIPTION_DEFAULTS = {
  partner: { kind: 'ESTABLISHMENT', id: null },
  planId: null,
  startsOn: '',
  billingAddress: { name: '', street: '', buildingNumber: '', postalCode: '', town: '', country: 'CH' },
  invoiceEmail: '',
  language: 'de',
};

/**
 * The plan field holds the plan from the next period on: the planned one when a change is pending, so that
 * saving another field keeps the change (the same plan as the current one takes a planned change back).
 */
const SubscriptionEditForm = () => {
  const { record } = useEditContext<Subscription>();
  if (!record) return null;
  return (
    <SimpleForm
      record={{ ...record, planId: record.nextPlanId ?? record.planId }}
      validate={validateSubscriptionUpdate}
    >
      <SubscriptionEditInputs />
    </SimpleForm>
  );
};

export const SubscriptionEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <DrawerEdit id={id} onClose={onClose} redirect={SUBSCRIPTIONS_LIST} transform={subscriptionUpdateBody}>
    <SubscriptionEditForm />
  </DrawerEdit>
);

export const SubscriptionCreate = ({ onClose }: { onClose: () => void }) => (
  <DrawerCreate onClose={onClose} redirect={SUBSCRIPTIONS_LIST} transform={subscriptionCreateBody}>
    <SimpleForm validate={validateSubscriptionCreate} defaultValues={NEW_SUBSCRIPTION_DEFAULTS}>
      <SubscriptionCreateInputs />
    </SimpleForm>
  </DrawerCreate>
);
