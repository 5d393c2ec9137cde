import { Box } from '@mui/material';
import { DeleteButton, SaveButton, SimpleForm, Toolbar, type Identifier } from 'react-admin';
import type { Plan } from '../../domain/billing';
import { useNotifyResourceError } from '../shared/resourceErrors';
import { DrawerCreate, DrawerEdit } from '../shared/DrawerForms';
import { PlanInputs, validatePlan } from './PlanInputs';
import { listPathOf } from './paths';

const PLANS_LIST = () => listPathOf('plans');

/** Save, and Delete (refused with 409 while subscriptions use the plan: make it inactive instead). */
const PlanToolbar = () => {
  const notifyError = useNotifyResourceError();
  return (
    <Toolbar>
      <SaveButton />
      <Box sx={{ flex: 1 }} />
      <DeleteButton mutationMode="pessimistic" redirect={PLANS_LIST} mutationOptions={{ onError: notifyError }} />
    </Toolbar>
  );
};

const NEW_PLAN_DEFAULTS = {
  name: { en: '', fr: '', de: '', it: '' },
  description: null,
  priceCentimes: null,
  interval: 'MONTH',
  features: { proLogo: false, exclusiveOffersPerMonth: null },
  isActive: true,
};

/** What a plan's save sends: its fields (and the version read), never the counts the server works out. */
const planBody = (data: Record<string, unknown>) => {
  const { name, description, priceCentimes, interval, features, isActive, version } = data as Partial<Plan>;
  return { name, description, priceCentimes, interval, features, isActive, ...(version ? { version } : {}) };
};

export const PlanEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <DrawerEdit id={id} onClose={onClose} redirect={PLANS_LIST} transform={planBody}>
    <SimpleForm validate={validatePlan} toolbar={<PlanToolbar />}>
      <PlanInputs />
    </SimpleForm>
  </DrawerEdit>
);

export const PlanCreate = ({ onClose }: { onClose: () => void }) => (
  <DrawerCreate onClose={onClose} redirect={PLANS_LIST} transform={planBody}>
    <SimpleForm validate={validatePlan} defaultValues={NEW_PLAN_DEFAULTS}>
      <PlanInputs />
    </SimpleForm>
  </DrawerCreate>
);
