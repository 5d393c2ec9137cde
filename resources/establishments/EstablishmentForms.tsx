import { establishmentDefaults, establishmentInputSchema } from '../../domain/establishment';
import { PartnerFormDrawers } from '../shared/partner/PartnerDrawers';
import { coordinatesProblems, partnerValidator, tarifOrderProblems } from '../shared/partner/validation';
import { EstablishmentForm } from './EstablishmentInputs';

/** The server's schema (domain/establishment.ts), each problem on its field, and its rules across fields. */
export const validateEstablishment = partnerValidator(establishmentInputSchema, (values) => ({
  ...coordinatesProblems(values.generalInfos),
  ...tarifOrderProblems(values.additionalInfos),
}));

/** A new establishment: the schema's defaults (closed week, published), required fields empty. */
const NEW_ESTABLISHMENT = establishmentDefaults();

/** The create and record drawers of the establishments list; an existing venue's form also lists its events. */
export const EstablishmentDrawers = () => (
  <PartnerFormDrawers
    resource="establishments"
    validate={validateEstablishment}
    defaultValues={NEW_ESTABLISHMENT}
    form={({ isEdit, ...props }) => <EstablishmentForm {...props} showEvents={isEdit} />}
  />
);
