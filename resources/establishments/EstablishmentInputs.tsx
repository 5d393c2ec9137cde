import { NumberInput, TabbedForm } from 'react-admin';
import {
  AddressInput,
  HappyHoursInput,
  ReferenceDataArrayInput,
  ReferenceDataInput,
  WorkSchedulesInput,
} from '../shared/inputs';
import { PartnerFormScaffold, type PartnerFormProps } from '../shared/partner/PartnerForm';
import { EstablishmentEvents } from './EstablishmentEvents';

const FIELDS = 'resources.establishments.fields';

interface EstablishmentFormProps extends PartnerFormProps {
  /** An existing establishment's page also lists its upcoming events (not a form section). */
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
      showEvents ? (
        <TabbedForm.Tab label="resources.establishments.events.tab">
          <EstablishmentEvents />
        </TabbedForm.Tab>
      ) : null
    }
  />
);
