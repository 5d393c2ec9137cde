import type { Identifier } from 'react-admin';
import { establishmentDefaults, establishmentInputSchema } from '../../domain/establishment';
import { EstablishmentForm } from './EstablishmentInputs';
import { PartnerToolbar } from '../shared/partner/PartnerToolbar';
import { PartnerCreateDrawer, PartnerEditDrawer } from '../shared/partner/PartnerDrawers';
import { coordinatesProblems, partnerValidator, tarifOrderProblems } from '../shared/partner/validation';

/** The server's schema (domain/establishment.ts), each problem on its field, and its rules across fields. */
export const validateEstablishment = partnerValidator(establishmentInputSchema, (values) => ({
  ...coordinatesProblems(values.generalInfos),
  ...tarifOrderProblems(values.additionalInfos),
}));

/** A new establishment: the schema's defaults (closed week, PUBLISHED per SPEC §4), required fields empty. */
const NEW_ESTABLISHMENT = establishmentDefaults();

/** An existing record: for editing, or read only (`mayEdit` false: the viewer's role only reads these). */
export const EstablishmentEdit = ({
  id,
  onClose,
  mayEdit,
}: {
  id: Identifier;
  onClose: () => void;
  mayEdit: boolean;
}) => (
  <PartnerEditDrawer
    resource="establishments"
    id={id}
    onClose={onClose}
    mayEdit={mayEdit}
    form={(readOnly) => (
      <EstablishmentForm
        readOnly={readOnly}
        showEvents
        validate={validateEstablishment}
        toolbar={readOnly ? false : <PartnerToolbar isEdit />}
      />
    )}
  />
);

export const EstablishmentCreate = ({ onClose }: { onClose: () => void }) => (
  <PartnerCreateDrawer onClose={onClose}>
    <EstablishmentForm
      readOnly={false}
      validate={validateEstablishment}
      defaultValues={NEW_ESTABLISHMENT}
      toolbar={<PartnerToolbar isEdit={false} />}
    />
  </PartnerCreateDrawer>
);
