import { NumberInput, TextInput } from 'react-admin';
import { EVENT_LIMITS, type EventFlow } from '../../../domain/event';
import { GalleryInput, ReferenceDataArrayInput, TagTermsInput, UploadInput } from '../../shared/inputs';
import { PartnerDescriptionInputs } from '../../shared/partner/PartnerInputs';

const FIELDS = 'resources.events.fields.descriptionAndMedia';

/**
 * descriptionAndMedia: the gallery and tags; the promoter flow adds capacity, the menu (link or file) and the
 * venue's offer.
 */
export const DescriptionAndMediaStep = ({ flow }: { flow: EventFlow }) => (
  <>
    <GalleryInput source="descriptionAndMedia" label={`${FIELDS}.media`} />
    <TagTermsInput source="descriptionAndMedia.tagTerms" label={`${FIELDS}.tagTerms`} />
    {flow === 'promoter' ? (
      <>
        <NumberInput source="descriptionAndMedia.eventCapacity" min={0} max={EVENT_LIMITS.capacity} step={1} />
        <TextInput source="descriptionAndMedia.urlCarte" type="url" />
        <UploadInput source="descriptionAndMedia.fileCarte" label={`${FIELDS}.fileCarte`} accept="imageOrPdf" />
        <ReferenceDataArrayInput source="descriptionAndMedia.services" kind="services" label={`${FIELDS}.services`} />
        <ReferenceDataArrayInput source="descriptionAndMedia.games" kind="games" label={`${FIELDS}.games`} />
        <ReferenceDataArrayInput
          source="descriptionAndMedia.environments"
          kind="environments"
          label={`${FIELDS}.environments`}
        />
      </>
    ) : null}
  </>
);

/** description: the plain text and the rich text, as partners have them. */
export const DescriptionStep = () => <PartnerDescriptionInputs readOnly={false} />;
