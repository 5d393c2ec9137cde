import { NumberInput, TabbedForm, useRecordContext } from 'react-admin';
import {
  AddressInput,
  HappyHoursInput,
  ReferenceDataArrayInput,
  ReferenceDataInput,
  WorkSchedulesInput,
} from '../shared/inputs';
import { PartnerFormScaffold, type PartnerFormProps } from '../shared/partner/PartnerForm';
import { RelatedOffers } from '../offers/RelatedOffers';
import { EstablishmentEvents } from './EstablishmentEvents';

const FIELDS = 'resources.establishments.fields';

interface EstablishmentFormProps extends PartnerFormProps {
  /** An existing establishment's page also lists its upcoming events and its offers (not form sections). */
  showEvents?: boolean;
}

/** Every field of the Establishment record in its sections (one tab each), shared by create and edit. */
export const EstablishmentForm = ({ showEvents = false, ...props }: EstablishmentFormProps) => (
  <PartnerFormScaffold
    {...props}
    fields={FIELDS}
    nameSource="generalInfos.establishmentName"
    identity={
      <>
        <ReferenceDataInput
          source="generalInfos.establishmentTypeId"
          kind="establishment-types"
          label={`${FIELDS}.generalInfos.establishmentTypeId`}
          isRequired
        />
        <ReferenceDataArrayInput
          source="generalInfos.establishmentSecondaryTypeIds"
          kind="establishment-types"
          label={`${FIELDS}.generalInfos.establishmentSecondaryTypeIds`}
        />
        <AddressInput source="generalInfos" />
      </>
    }
    afterContact={<WorkSchedulesInput source="generalInfos.workSchedules" />}
    additional={
      <>
        <NumberInput source="additionalInfos.ageMin" min={0} step={1} />
        <NumberInput source="additionalInfos.tarifMin" min={0} step={0.5} />
        <NumberInput source="additionalInfos.tarifMax" min={0} step={0.5} />
        <NumberInput source="additionalInfos.internalCapacity" min={0} step={1} />
        <NumberInput source="additionalInfos.externalCapacity" min={0} step={1} />
        <HappyHoursInput source="additionalInfos.happyHours" />
      </>
    }
    extraTabs={
      showEvents
        ? // An array, not a fragment: TabbedForm makes a tab of each of its children.
          [
            <TabbedForm.Tab key="events" label="resources.establishments.events.tab">
              <EstablishmentEvents />
            </TabbedForm.Tab>,
            <TabbedForm.Tab key="offers" label="resources.offers.related.tab">
              <EstablishmentOffers />
            </TabbedForm.Tab>,
          ]
        : null
    }
  />
);

/** The establishment's offers; a new one starts as the venue's own. */
const EstablishmentOffers = () => {
  const record = useRecordContext<{ id: number }>();
  if (!record) return null;
  return (
    <RelatedOffers
      filter={{ establishmentId: record.id }}
      prefill={{ establishmentId: record.id, promoterGroupId: null }}
    />
  );
};
