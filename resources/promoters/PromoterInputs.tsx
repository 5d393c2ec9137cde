import { ReferenceDataArrayInput } from '../shared/inputs';
import { PartnerFormScaffold, type PartnerFormProps } from '../shared/partner/PartnerForm';

const FIELDS = 'resources.promoters.fields';

/** Every field of the Promoter record in its sections (one tab each), shared by create and edit. */
export const PromoterForm = (props: PartnerFormProps) => (
  <PartnerFormScaffold
    {...props}
    fields={FIELDS}
    nameSource="generalInfos.promoterName"
    identity={
      <>
        <ReferenceDataArrayInput
          source="generalInfos.promoterTypesIds"
          kind="promoter-types"
          label={`${FIELDS}.generalInfos.promoterTypesIds`}
        />
        <ReferenceDataArrayInput
          source="generalInfos.evenTypesIds"
          kind="event-types"
          label={`${FIELDS}.generalInfos.evenTypesIds`}
        />
      </>
    }
  />
);
