import { AutocompleteInput, ReferenceInput } from 'react-admin';
import type { Establishment } from '../../../domain/establishment';
import type { Promoter } from '../../../domain/promoter';

/**
 * The list filters that pick one establishment or one promoter group by name, searched as typed (the lists of
 * events, template requests and asks share them): react-admin filter elements, so each takes its `key`.
 */

const searchedAs = (search: string) => ({ q: search });

export const establishmentFilter = ({ key, label }: { key: string; label: string }) => (
  <ReferenceInput
    key={key}
    source="establishmentId"
    reference="establishments"
    sort={{ field: 'establishmentName', order: 'ASC' }}
  >
    <AutocompleteInput
      label={label}
      optionText={(establishment: Establishment) => establishment.generalInfos.establishmentName}
      filterToQuery={searchedAs}
      helperText={false}
      sx={{ minWidth: 220 }}
    />
  </ReferenceInput>
);

export const promoterGroupFilter = ({ key, label }: { key: string; label: string }) => (
  <ReferenceInput
    key={key}
    source="promoterGroupId"
    reference="promoters"
    sort={{ field: 'promoterName', order: 'ASC' }}
  >
    <AutocompleteInput
      label={label}
      optionText={(promoter: Promoter) => promoter.generalInfos.promoterName}
      filterToQuery={searchedAs}
      helperText={false}
      sx={{ minWidth: 220 }}
    />
  </ReferenceInput>
);
