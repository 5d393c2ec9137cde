import { TextInput } from 'react-admin';
import { ReferenceDataArrayInput } from '../inputs';
import { RichTextDescriptionInput } from '../RichTextDescriptionInput';
import { SubHeading } from './ReadOnlySection';

/**
 * Inputs establishments and promoter groups have alike (domain/partner.ts fields). Their labels come from
 * the resource around them (`resources.{resource}.fields…`), except where a label names the resource's fields.
 */

/** The contact block of `generalInfos`, under its sub-heading. */
export const PartnerContactInputs = () => (
  <>
    <SubHeading>resources.partners.sections.contact</SubHeading>
    <TextInput source="generalInfos.email" type="email" />
    <TextInput source="generalInfos.phone" type="tel" />
    <TextInput source="generalInfos.urlSite" type="url" />
    <TextInput source="generalInfos.urlBilletterie" type="url" />
  </>
);

/** `specificInfos`: musics and ambiances. `fields` is the resource's field-label prefix. */
export const PartnerSpecificInfosInputs = ({ fields }: { fields: string }) => (
  <>
    <ReferenceDataArrayInput source="specificInfos.musics" kind="musics" label={`${fields}.specificInfos.musics`} />
    <ReferenceDataArrayInput
      source="specificInfos.ambiance"
      kind="ambiances"
      label={`${fields}.specificInfos.ambiance`}
    />
  </>
);

/** `description`: the plain text and the rich text. */
export const PartnerDescriptionInputs = ({ readOnly }: { readOnly: boolean }) => (
  <>
    <TextInput source="description.description" multiline minRows={3} />
    <RichTextDescriptionInput source="description.htmlDescription" readOnly={readOnly} />
  </>
);
