import type { Identifier } from 'react-admin';
import { promoterDefaults, promoterInputSchema } from '../../domain/promoter';
import { PartnerCreateDrawer, PartnerEditDrawer } from '../shared/partner/PartnerDrawers';
import { PartnerToolbar } from '../shared/partner/PartnerToolbar';
import { partnerValidator } from '../shared/partner/validation';
import { PromoterForm } from './PromoterInputs';

/** The server's schema (domain/promoter.ts), each problem on its field. */
export const validatePromoter = partnerValidator(promoterInputSchema);

/** A new promoter group: the schema's defaults (PUBLISHED per SPEC §4), the name still empty. */
const NEW_PROMOTER = promoterDefaults();

/** An existing record: for editing, or read only (`mayEdit` false: the viewer's role only reads these). */
export const PromoterEdit = ({ id, onClose, mayEdit }: { id: Identifier; onClose: () => void; mayEdit: boolean }) => (
  <PartnerEditDrawer
    resource="promoters"
    id={id}
    onClose={onClose}
    mayEdit={mayEdit}
    form={(readOnly) => (
      <PromoterForm
        readOnly={readOnly}
        validate={validatePromoter}
        toolbar={readOnly ? false : <PartnerToolbar isEdit />}
      />
    )}
  />
);

export const PromoterCreate = ({ onClose }: { onClose: () => void }) => (
  <PartnerCreateDrawer onClose={onClose}>
    <PromoterForm
      readOnly={false}
      validate={validatePromoter}
      defaultValues={NEW_PROMOTER}
      toolbar={<PartnerToolbar isEdit={false} />}
    />
  </PartnerCreateDrawer>
);
