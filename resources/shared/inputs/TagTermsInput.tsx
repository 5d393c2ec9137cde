import { AutocompleteArrayInput, ReferenceArrayInput } from 'react-admin';
import type { Tag } from '../../../domain/tag';
import { readOnlyChipsProps, useInputsReadOnly } from './readOnly';

export interface TagTermsInputProps {
  /** The list of tag ids, e.g. `additionalInfos.tagTerms`. */
  source: string;
  label?: string;
}

const tagName = (tag: Tag) => tag.generalInfos.tagName;
const searchByName = (text: string) => ({ q: text });

/**
 * The record's tags (ids of the `tags` resource) as chips, found by typing part of a name. Read only, the
 * chips have no delete icon (readOnlyChipsProps) and the hint about typing goes.
 */
export const TagTermsInput = ({ source, label = 'inputs.tags.label' }: TagTermsInputProps) => {
  const readOnly = useInputsReadOnly();
  return (
    <ReferenceArrayInput source={source} reference="tags" sort={{ field: 'tagName', order: 'ASC' }} perPage={50}>
      <AutocompleteArrayInput
        label={label}
        optionText={tagName}
        filterToQuery={searchByName}
        helperText={readOnly ? false : 'inputs.tags.hint'}
        {...readOnlyChipsProps(readOnly)}
      />
    </ReferenceArrayInput>
  );
};
