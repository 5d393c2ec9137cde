import { createContext, useContext } from 'react';

/**
 * Whether the inputs around are shown read-only (a record outside the user's write scope). A disabled
 * fieldset already stops every native control; this lets the file, gallery, address and schedule inputs
 * also drop what only makes sense when editing (drop zones, move and remove buttons, hints about typing).
 */
export const InputsReadOnlyContext = createContext(false);
export const InputsReadOnlyProvider = InputsReadOnlyContext.Provider;
export const useInputsReadOnly = (): boolean => useContext(InputsReadOnlyContext);

/**
 * Props for an AutocompleteArrayInput shown read only: disabled, and chips without a delete icon (react-admin
 * spreads `slotProps.chip` over each chip's props). A disabled fieldset stops native controls only, and a
 * chip's delete icon is not one; a disabled chip still deletes on click (only CSS pointer-events stop it).
 */
export const readOnlyChipsProps = (readOnly: boolean) =>
  readOnly ? { readOnly: true, slotProps: { chip: { onDelete: undefined } } } : {};
