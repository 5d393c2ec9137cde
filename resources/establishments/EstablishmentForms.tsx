import type { Identifier } from 'react-admin';
import { establishmentDefaults, establishmentInputSchema } from '../../domain/establishment';
import { DrawerCreate, DrawerEdit } from '../shared/DrawerForms';
import { EstablishmentForm } from './EstablishmentInputs';
import { PartnerToolbar } from '../shared/partner/PartnerToolbar';
import { ReadOnlyNotice } from '../shared/partner/ReadOnlySection';
import { useCanWriteRecord } from '../shared/partner/useCanWriteRecord';
import { coordinatesProblems, partnerValidator, tarifOrderProblems } from '../shared/partner/validation';
import { DrawerStatus } from '../shared/partner/visibility';

/** The server's schema (domain/establishment.ts), each problem on its field, and its rules across fields. */
export const validateEstablishment = partnerValidator(establishmentInputSchema, (values) => ({
  ...coordinatesProblems(values.generalInfos),
  ...tarifOrderProblems(values.additionalInfos),
}));

/** A new establishment: the schema's defaults (closed week, PUBLISHED per SPEC §4), required fields empty. */
const NEW_ESTABLISHMENT = establishmentDefaults();

/** Wide enough for the opening-hours grid and the gallery beside each other's labels. */
export const PARTNER_DRAWER_WIDTH = 760;

/** Edit, or read only when the record is outside the viewer's write scope (another venue, published). */
export const EstablishmentEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => {
  const readOnly = !useCanWriteRecord('establishments', id);
  return (
    <DrawerEdit id={id} onClose={onClose} width={PARTNER_DRAWER_WIDTH} headerExtra={<DrawerStatus isNew={false} readOnly={readOnly} />}>
      {readOnly ? <ReadOnlyNotice /> : null}
      <EstablishmentForm readOnly={readOnly} validate={validateEstablishment} toolbar={readOnly ? false : <PartnerToolbar isEdit />} />
    </DrawerEdit>
  );
};

export const EstablishmentCreate = ({ onClose }: { onClose: () => void }) => (
  <DrawerCreate onClose={onClose} width={PARTNER_DRAWER_WIDTH} headerExtra={<DrawerStatus isNew readOnly={false} />}>
    <EstablishmentForm
      readOnly={false}
      validate={validateEstablishment}
      defaultValues={NEW_ESTABLISHMENT}
      toolbar={<PartnerToolbar isEdit={false} />}
    />
  </DrawerCreate>
);
