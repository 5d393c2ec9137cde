import { AutocompleteArrayInput, ReferenceArrayInput } from 'react-admin';
import type { Tag } from '../../../domain/tag';

export interface TagTermsInputProps {
  /** The list of tag ids, e.g. `additionalInfos.tagTerms`. */
  source: string;
  label?: string;
}

const tagName = (tag: Tag) => tag.generalInfos.tagName;
const searchByName = (text: string) => ({ q: text });

/** The record's tags (ids of the `tags` resource) as chips, found by typing part of a name. */
export const TagTermsInput = ({ source, label = 'inputs.tags.label' }: TagTermsInputProps) => (
  <ReferenceArrayInput source={source} reference="tags" sort={{ field: 'tagName', order: 'ASC' }} perPage={50}>
    <AutocompleteArrayInput label={label} optionText={tagName} filterToQuery={searchByName} helperText="inputs.tags.hint" />
  </ReferenceArrayInput>
);
