import { NumberInput, TabbedForm, TextInput, type TabbedFormProps } from 'react-admin';
import {
  AddressInput,
  GalleryInput,
  HappyHoursInput,
  ReferenceDataArrayInput,
  ReferenceDataInput,
  TagTermsInput,
  UploadInput,
  WorkSchedulesInput,
} from '../shared/inputs';
import {
  PartnerContactInputs,
  PartnerDescriptionInputs,
  PartnerSpecificInfosInputs,
} from '../shared/partner/PartnerInputs';
import { FormSection, SubHeading } from '../shared/partner/ReadOnlySection';
import { SectionTabLabel, SectionTabs } from '../shared/partner/SectionTabLabel';
import { EstablishmentEvents } from './EstablishmentEvents';

const FIELDS = 'resources.establishments.fields';

interface EstablishmentFormProps extends Omit<TabbedFormProps, 'children'> {
  readOnly: boolean;
  /** An existing establishment's page also lists its upcoming events (not a form section). */
  showEvents?: boolean;
}

/**
 * Every field of SPEC §3 Establishment, in the record's sections (one tab each), shared by create and
 * edit. General information is long, so it has sub-headings: identity and contact here, while the address,
 * opening hours and gallery inputs carry their own headings. A tab holding an error says so in its title.
 */
export const EstablishmentForm = ({ readOnly, showEvents = false, ...props }: EstablishmentFormProps) => (
  <TabbedForm syncWithLocation={false} tabs={<SectionTabs />} {...props}>
    <TabbedForm.Tab label={<SectionTabLabel index={0} label="resources.partners.tabs.generalInfos" />}>
      <FormSection readOnly={readOnly}>
        <SubHeading>resources.partners.sections.identity</SubHeading>
        <TextInput source="generalInfos.establishmentName" isRequired />
        <UploadInput source="generalInfos.logo" label={`${FIELDS}.generalInfos.logo`} accept="image" />
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
        <PartnerContactInputs />
        <WorkSchedulesInput source="generalInfos.workSchedules" />
        <GalleryInput source="generalInfos" />
      </FormSection>
    </TabbedForm.Tab>
    <TabbedForm.Tab label={<SectionTabLabel index={1} label="resources.partners.tabs.specificInfos" />}>
      <FormSection readOnly={readOnly}>
        <PartnerSpecificInfosInputs fields={FIELDS} />
      </FormSection>
    </TabbedForm.Tab>
    <TabbedForm.Tab label={<SectionTabLabel index={2} label="resources.partners.tabs.additionalInfos" />}>
      <FormSection readOnly={readOnly}>
        <NumberInput source="additionalInfos.ageMin" min={0} step={1} />
        <NumberInput source="additionalInfos.tarifMin" min={0} step={0.5} />
        <NumberInput source="additionalInfos.tarifMax" min={0} step={0.5} />
        <NumberInput source="additionalInfos.internalCapacity" min={0} step={1} />
        <NumberInput source="additionalInfos.externalCapacity" min={0} step={1} />
        <HappyHoursInput source="additionalInfos.happyHours" />
        <TagTermsInput source="additionalInfos.tagTerms" />
      </FormSection>
    </TabbedForm.Tab>
    <TabbedForm.Tab label={<SectionTabLabel index={3} label="resources.partners.tabs.description" />}>
      <FormSection readOnly={readOnly}>
        <PartnerDescriptionInputs readOnly={readOnly} />
      </FormSection>
    </TabbedForm.Tab>
    {showEvents ? (
      <TabbedForm.Tab label="resources.establishments.events.tab">
        <EstablishmentEvents />
      </TabbedForm.Tab>
    ) : null}
  </TabbedForm>
);
