import { BooleanInput, NumberInput, SimpleForm, TextInput, type Identifier, type SimpleFormProps } from 'react-admin';
import { LANGUAGES } from '../../domain/languages';
import { REFERENCE_LIMITS, referenceInputSchema } from '../../domain/reference';
import { DrawerCreate, DrawerEdit } from '../shared/DrawerForms';
import { SaveDeleteToolbar } from '../shared/EditToolbar';
import { zodFormErrors } from '../shared/zodValidation';

/** The server's schema (domain/reference.ts), each problem on its field; the key's pattern explained in words. */
const validateReferenceValue = (values: Record<string, unknown>) =>
  zodFormErrors(referenceInputSchema, values, { key: 'resources.referenceData.validation.key' });

const NEW_VALUE_DEFAULTS = { key: '', label: { en: '', fr: '', de: '', it: '' }, position: 0, isActive: true };

/** The key is stored in capitals: show it that way while typing, as the server will keep it. */
const toKeyCase = (value: string) => value.toUpperCase().replace(/[\s-]+/g, '_');

/**
 * One value of a vocabulary: its stable key, a label per language, its place in the pickers, and whether it
 * is offered.
 */
const ReferenceValueForm = (props: Omit<SimpleFormProps, 'children'>) => (
  <SimpleForm {...props}>
    <TextInput
      source="key"
      label="resources.referenceData.fields.key"
      isRequired
      parse={toKeyCase}
      helperText="resources.referenceData.hints.key"
      slotProps={{ htmlInput: { maxLength: REFERENCE_LIMITS.key, spellCheck: false } }}
    />
    {LANGUAGES.map((language) => (
      <TextInput
        key={language}
        source={`label.${language}`}
        label={`resources.referenceData.fields.label.${language}`}
        isRequired
        helperText={false}
        slotProps={{ htmlInput: { lang: language, maxLength: REFERENCE_LIMITS.label } }}
      />
    ))}
    <NumberInput
      source="position"
      label="resources.referenceData.fields.position"
      min={0}
      max={REFERENCE_LIMITS.position}
      step={1}
      helperText="resources.referenceData.hints.position"
    />
    <BooleanInput
      source="isActive"
      label="resources.referenceData.fields.isActive"
      helperText="resources.referenceData.hints.isActive"
    />
  </SimpleForm>
);

/** Delete is pessimistic: a value still in use (409 IN_USE) stays, and the toast says to retire it instead. */
export const ReferenceValueEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <DrawerEdit id={id} onClose={onClose}>
    <ReferenceValueForm validate={validateReferenceValue} toolbar={<SaveDeleteToolbar />} />
  </DrawerEdit>
);

export const ReferenceValueCreate = ({ onClose }: { onClose: () => void }) => (
  <DrawerCreate onClose={onClose}>
    <ReferenceValueForm validate={validateReferenceValue} defaultValues={NEW_VALUE_DEFAULTS} />
  </DrawerCreate>
);
