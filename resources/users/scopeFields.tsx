import { useRecordContext } from 'react-admin';
import { ReferenceNameField, ReferencePicker } from '../shared/ReferenceWithFallback';

/**
 * A user's scope: the establishment (ADMIN, COORDINATOR, COORDINATOR_ADMIN_LIMITED) or the promoter group
 * (PROMOTER) their role works for (domain/access.ts scopeFieldOf). The collections are `establishments`
 * and `promoters`, named by their record's `generalInfos`.
 */
export const SCOPE_REFERENCES = {
  establishmentId: { reference: 'establishments', nameSource: 'generalInfos.establishmentName' },
  promoterGroupId: { reference: 'promoters', nameSource: 'generalInfos.promoterName' },
} as const;
export type ScopeField = keyof typeof SCOPE_REFERENCES;

interface ScopePickerProps {
  source: ScopeField;
  disabled?: boolean;
  helperText?: string | false;
  isRequired?: boolean;
  alwaysOn?: boolean;
}

export const ScopePicker = ({ source, ...rest }: ScopePickerProps) => (
  <ReferencePicker
    source={source}
    reference={SCOPE_REFERENCES[source].reference}
    optionText={SCOPE_REFERENCES[source].nameSource}
    label={`resources.users.fields.${source}`}
    {...rest}
  />
);

/** The list's scope column: whichever of the two the user has. */
export const UserScopeField = (_props: { label?: string }) => {
  const user = useRecordContext<{ establishmentId: number | null; promoterGroupId: number | null }>();
  if (!user) return null;
  const source: ScopeField | null =
    user.establishmentId != null ? 'establishmentId' : user.promoterGroupId != null ? 'promoterGroupId' : null;
  if (!source) return null;
  return <ReferenceNameField source={source} {...SCOPE_REFERENCES[source]} />;
};
