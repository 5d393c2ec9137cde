import type { Identifier } from 'react-admin';
import { promoterDefaults, promoterInputSchema } from '../../domain/promoter';
import { PARTNER_DRAWER_WIDTH } from '../establishments/EstablishmentForms';
import { PartnerToolbar } from '../shared/partner/PartnerToolbar';
import { ReadOnlyNotice } from '../shared/partner/ReadOnlySection';
import { useCanWriteRecord } from '../shared/partner/useCanWriteRecord';
import { partnerValidator } from '../shared/partner/validation';
import { DrawerStatus } from '../shared/partner/visibility';
import { DrawerCreate, DrawerEdit } from '../shared/DrawerForms';
import { PromoterForm } from './PromoterInputs';

/** The server's schema (domain/promoter.ts), each problem on its field. */
export const validatePromoter = partnerValidator(promoterInputSchema);

/** A new promoter group: the schema's defaults (PUBLISHED per SPEC §4), the name still empty. */
const NEW_PROMOTER = promoterDefaults();

/** Edit, or read only when the group is outside the viewer's write scope (another group, published). */
export const PromoterEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => {
  const readOnly = !useCanWriteRecord('promoters', id);
  return (
    <DrawerEdit id={id} onClose={onClose} width={PARTNER_DRAWER_WIDTH} headerExtra={<DrawerStatus isNew={false} readOnly={readOnly} />}>
      {readOnly ? <ReadOnlyNotice /> : null}
      <PromoterForm readOnly={readOnly} validate={validatePromoter} toolbar={readOnly ? false : <PartnerToolbar isEdit />} />
    </DrawerEdit>
  );
};

export const PromoterCreate = ({ onClose }: { onClose: () => void }) => (
  <DrawerCreate onClose={onClose} width={PARTNER_DRAWER_WIDTH} headerExtra={<DrawerStatus isNew readOnly={false} />}>
    <PromoterForm readOnly={false} validate={validatePromoter} defaultValues={NEW_PROMOTER} toolbar={<PartnerToolbar isEdit={false} />} />
  </DrawerCreate>
);
