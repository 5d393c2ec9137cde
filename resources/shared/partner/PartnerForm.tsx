import type { ReactNode } from 'react';
import { TabbedForm, TextInput, type TabbedFormProps } from 'react-admin';
import { GalleryInput, TagTermsInput, UploadInput } from '../inputs';
import { PartnerContactInputs, PartnerDescriptionInputs, PartnerSpecificInfosInputs } from './PartnerInputs';
import { FormSection, SubHeading } from './ReadOnlySection';
import { SectionTabLabel, SectionTabs } from './SectionTabLabel';

export interface PartnerFormProps extends Omit<TabbedFormProps, 'children'> {
  readOnly: boolean;
}

interface PartnerFormScaffoldProps extends PartnerFormProps {
  /** The resource's field-label prefix (`resources.<resource>.fields`). */
  fields: string;
  /** The input of the record's name (`generalInfos.<name>`). */
  nameSource: string;
  /** The resource's identity inputs, after the name and the logo (types, address…). */
  identity: ReactNode;
  /** The resource's general inputs after the contact block (opening hours…). */
  afterContact?: ReactNode;
  /** The resource's additional information, before the tags. */
  additional?: ReactNode;
  /** Tabs after the record's sections (an existing venue's events). */
  extraTabs?: ReactNode;
}

/**
 * The form establishments and promoter groups share, by Create and Edit alike: the record's sections, one tab
 * each (general, specific, additional, description), a tab holding an error saying so in its title. General
 * information is long, so it has sub-headings: identity and contact here, while the address, opening hours
 * and gallery inputs carry their own. Each resource fills in only its own fields.
 */
export const PartnerFormScaffold = ({
  readOnly,
  fields,
  nameSource,
  identity,
  afterContact,
  additional,
  extraTabs,
  ...props
}: PartnerFormScaffoldProps) => (
  <TabbedForm syncWithLocation={false} tabs={<SectionTabs />} {...props}>
    <TabbedForm.Tab label={<SectionTabLabel index={0} label="resources.partners.tabs.generalInfos" />}>
      <FormSection readOnly={readOnly}>
        <SubHeading>resources.partners.sections.identity</SubHeading>
        <TextInput source={nameSource} isRequired />
        <UploadInput source="generalInfos.logo" label={`${fields}.generalInfos.logo`} accept="image" />
        {identity}
        <PartnerContactInputs />
        {afterContact}
        <GalleryInput source="generalInfos" />
      </FormSection>
    </TabbedForm.Tab>
    <TabbedForm.Tab label={<SectionTabLabel index={1} label="resources.partners.tabs.specificInfos" />}>
      <FormSection readOnly={readOnly}>
        <PartnerSpecificInfosInputs fields={fields} />
      </FormSection>
    </TabbedForm.Tab>
    <TabbedForm.Tab label={<SectionTabLabel index={2} label="resources.partners.tabs.additionalInfos" />}>
      <FormSection readOnly={readOnly}>
        {additional}
        <TagTermsInput source="additionalInfos.tagTerms" />
      </FormSection>
    </TabbedForm.Tab>
    <TabbedForm.Tab label={<SectionTabLabel index={3} label="resources.partners.tabs.description" />}>
      <FormSection readOnly={readOnly}>
        <PartnerDescriptionInputs readOnly={readOnly} />
      </FormSection>
    </TabbedForm.Tab>
    {extraTabs}
  </TabbedForm>
);
