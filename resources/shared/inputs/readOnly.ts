import { createContext, useContext } from 'react';

/**
 * Whether the inputs around are shown read-only (a record outside the user's write scope). A disabled
 * fieldset already stops every native control; this lets the file, gallery, address and schedule inputs
 * also drop what only makes sense when editing (drop zones, move and remove buttons, hints about typing).
 */
export const InputsReadOnlyContext = createContext(false);
export const InputsReadOnlyProvider = InputsReadOnlyContext.Provider;
export const useInputsReadOnly = (): boolean => useContext(InputsReadOnlyContext);
