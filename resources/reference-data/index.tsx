import CategoryIcon from '@mui/icons-material/Category';
import { useLocaleState, useRecordContext, type ResourceProps } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { REFERENCE_KIND_NAMES, referenceResourceOf, type ReferenceRecord } from '../../domain/reference';
import { labelIn } from '../shared/inputs/useReferenceData';
import { FIRST_REFERENCE_KIND } from './kinds';
import { lazyScreen } from '../shared/lazyScreen';

/** A value's name in titles (the edit drawer): its label in the user's language. */
const ReferenceValueName = () => {
  const record = useRecordContext<ReferenceRecord>();
  const [locale] = useLocaleState();
  return record ? <>{labelIn(record, locale)}</> : null;
};

/**
 * The props of each `<Resource name="reference-data/{kind}">` (react-admin builds `/reference-data/musics`
 * from the name). Create and edit are drawers over the list; canAccess (ROOT only) decides who sees them.
 */
export const referenceDataResourceProps = {
  list: lazyScreen(() => import('./ReferenceDataList'), 'ReferenceDataList'),
  hasCreate: true,
  hasEdit: true,
  icon: CategoryIcon,
  recordRepresentation: <ReferenceValueName />,
} satisfies Omit<ResourceProps, 'name'>;

/** Every reference-data resource name, in the order of domain/reference.ts. */
export const REFERENCE_DATA_RESOURCE_NAMES = REFERENCE_KIND_NAMES.map(referenceResourceOf);

/** `/reference-data` (the menu entry): opens the first vocabulary; the tabs lead to the others. */
export const ReferenceDataHome = () => <Navigate to={`/${referenceResourceOf(FIRST_REFERENCE_KIND)}`} replace />;
