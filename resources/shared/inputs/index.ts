/**
 * The form inputs partner records share (establishments, promoter groups, events): files,
 * gallery, opening and happy hours, address, reference data and tags. Each works inside a react-admin form
 * on the record shapes of domain/establishment.ts and domain/promoter.ts.
 */
export { AddressInput, type AddressInputProps } from './AddressInput';
export {
  DateTimeTextField,
  DateTimeTextInput,
  LocalDateInput,
  LocalTimeInput,
  type DateTimeTextFieldProps,
  type DateTimeTextInputProps,
} from './DateTimeTextInput';
export { GalleryInput, type GalleryInputProps } from './GalleryInput';
export { HappyHoursInput, type HappyHoursInputProps } from './HappyHoursInput';
export {
  ReferenceDataArrayInput,
  ReferenceDataChipsField,
  ReferenceDataField,
  ReferenceDataInput,
  type ReferenceDataArrayInputProps,
  type ReferenceDataInputProps,
} from './ReferenceDataInput';
export { TagTermsInput, type TagTermsInputProps } from './TagTermsInput';
export { UploadInput, UploadPreview, type UploadInputProps } from './UploadInput';
export { InputsReadOnlyProvider, useInputsReadOnly } from './readOnly';
export { WorkSchedulesInput, type WorkSchedulesInputProps } from './WorkSchedulesInput';
