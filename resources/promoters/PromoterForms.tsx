import { promoterDefaults, promoterInputSchema } from '../../domain/promoter';
import { PartnerFormDrawers } from '../shared/partner/PartnerDrawers';
import { partnerValidator } from '../shared/partner/validation';
import { PromoterForm } from './PromoterInputs';

/** The server's schema (domain/promoter.ts), each problem on its field. */
export const validatePromoter = partnerValidator(promoterInputSchema);

/** A new promoter group: the schema's defaults (published), the name still empty. */
const NEW_PROMOTER = promoterDefaults();

/** The create and record drawers of the promoter groups list. */
export const PromoterDrawers = () => (
  <PartnerFormDrawers
    resource="promoters"
    validate={validatePromoter}
    defaultValues={NEW_PROMOTER}
    form={({ isEdit: _isEdit, ...props }) => <PromoterForm {...props} />}
  />
);
