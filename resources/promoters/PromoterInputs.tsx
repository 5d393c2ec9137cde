import { TabbedForm, TextInput, type TabbedFormProps } from 'react-admin';
import { GalleryInput, ReferenceDataArrayInput, TagTermsInput, UploadInput } from '../shared/inputs';
import {
  PartnerContactInputs,
  PartnerDescriptionInputs,
  PartnerSpecificInfosInputs,
} from '../shared/partner/PartnerInputs';
import { FormSection, SubHeading } from '../shared/partner/ReadOnlySection';
import { SectionTabLabel, SectionTabs } from '../shared/partner/SectionTabLabel';

const FIELDS = 'resources.promoters.fields';

interface PromoterFormProps extends Omit<TabbedFormProps, 'children'> {
  readOnly: boolean;
}

/** Every field of SPEC §3 Promoter, in the record's sections (one tab each), shared by create and edit. */
export const PromoterForm = ({ readOnly, ...props }: PromoterFormProps) => (
  <TabbedForm syncWithLocation={false} tabs={<SectionTabs />} {...props}>
    <TabbedForm.Tab label={<SectionTabLabel index={0} label="resources.partners.tabs.generalInfos" />}>
      <FormSection readOnly={readOnly}>
        <SubHeading>resources.partners.sections.identity</SubHeading>
        <TextInput source="generalInfos.promoterName" isRequired />
        <UploadInput source="generalInfos.logo" label={`${FIELDS}.generalInfos.logo`} accept="image" />
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
        <PartnerContactInputs />
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
        <TagTermsInput source="additionalInfos.tagTerms" />
      </FormSection>
    </TabbedForm.Tab>
    <TabbedForm.Tab label={<SectionTabLabel index={3} label="resources.partners.tabs.description" />}>
      <FormSection readOnly={readOnly}>
        <PartnerDescriptionInputs readOnly={readOnly} />
      </FormSection>
    </TabbedForm.Tab>
  </TabbedForm>
);
