import { useMemo, type ReactNode } from 'react';
import {
  AutocompleteArrayInput,
  ChoicesContextProvider,
  ReferenceArrayInput,
  useChoicesContext,
  useLocaleState,
} from 'react-admin';
import type { Tag } from '../../../domain/tag';
import { byTagLabelIn, tagLabelIn } from '../../tags/tagLabel';
import { readOnlyChipsProps, useInputsReadOnly } from './readOnly';

export interface TagTermsInputProps {
  /** The list of tag ids, e.g. `additionalInfos.tagTerms`. */
  source: string;
  label?: string;
}

/** The server's `q` matches the name and every translation (server/routes/tags.ts), so the shown text finds its tag. */
const searchByText = (text: string) => ({ q: text });

/**
 * The server sorts on `tagName`; a reader seeing translations would get options out of order. This re-sorts
 * the page the picker has (50 tags, or those matching what was typed) by the label shown.
 */
const ChoicesSortedByLabel = ({ children }: { children: ReactNode }) => {
  const [locale] = useLocaleState();
  const choices = useChoicesContext<Tag>();
  const sorted = useMemo(() => {
    const byLabel = byTagLabelIn(locale);
    // Spreading a union loses its narrowing; only the order of the arrays changes, so the type holds.
    return {
      ...choices,
      allChoices: choices.allChoices && [...choices.allChoices].sort(byLabel),
      availableChoices: choices.availableChoices && [...choices.availableChoices].sort(byLabel),
    } as typeof choices;
  }, [choices, locale]);
  return <ChoicesContextProvider value={sorted}>{children}</ChoicesContextProvider>;
};

/**
 * The record's tags (ids of the `tags` resource) as chips, found by typing part of a name or translation;
 * options and chips read in the interface language (tagLabelIn). Read only, the chips have no delete icon
 * (readOnlyChipsProps) and the hint about typing goes.
 */
export const TagTermsInput = ({ source, label = 'inputs.tags.label' }: TagTermsInputProps) => {
  const readOnly = useInputsReadOnly();
  const [locale] = useLocaleState();
  const labelOf = useMemo(() => (tag: Tag) => tagLabelIn(tag, locale), [locale]);
  return (
    <ReferenceArrayInput source={source} reference="tags" sort={{ field: 'tagName', order: 'ASC' }} perPage={50}>
      <ChoicesSortedByLabel>
        <AutocompleteArrayInput
          label={label}
          optionText={labelOf}
          filterToQuery={searchByText}
          helperText={readOnly ? false : 'inputs.tags.hint'}
          {...readOnlyChipsProps(readOnly)}
        />
      </ChoicesSortedByLabel>
    </ReferenceArrayInput>
  );
};
