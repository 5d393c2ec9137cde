import { useLocaleState, useRecordContext } from 'react-admin';
import type { Plan } from '../../domain/billing';
import { planLabelIn } from './billingFormat';

/** The plan of the record context, named in the interface language (titles, references). */
export const PlanName = () => {
  const [locale] = useLocaleState();
  return <>{planLabelIn(useRecordContext<Plan>(), locale)}</>;
};
