import { AutocompleteInput, NumberInput, ReferenceInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PROMO_DISCOUNT_KINDS, type PromoDiscountKind } from '../../domain/enums';
import { PROMO_CODE_LIMITS, promoCodeTemplateInputSchema } from '../../domain/promoCode';
import { LocalDateInput } from '../shared/inputs/DateTimeTextInput';
import { RichTextDescriptionInput } from '../shared/RichTextDescriptionInput';
import { zodFormErrors } from '../shared/zodValidation';

const TEXTS = 'resources.promo-code-templates';

/** The server's schema (domain/promoCode.ts): the value fits its kind, the validity ends after it begins. */
export const validatePromoCodeTemplate = (values: Record<string, unknown>) =>
  zodFormErrors(promoCodeTemplateInputSchema, values, {
    discountValue: `${TEXTS}.validation.discountValue`,
    validUntil: `${TEXTS}.validation.validUntil`,
  });

/** The value's field follows the kind: a percentage, an amount in CHF, or none for a free entry. */
const DiscountValueInput = () => {
  const translate = useTranslate();
  const kind = useWatch({ name: 'discountKind' }) as PromoDiscountKind | undefined;
  if (kind === 'FREE_ENTRY' || !kind) return null;
  return (
    <NumberInput
      source="discountValue"
      min={0.01}
      max={kind === 'PERCENTAGE' ? 100 : PROMO_CODE_LIMITS.fixedAmountMax}
      step={kind === 'PERCENTAGE' ? 1 : 0.05}
      helperText={translate(`${TEXTS}.helpers.discountValue.${kind}`)}
    />
  );
};

/** The fields of a promo code template, shared by the create and the edit drawer. */
export const PromoCodeTemplateInputs = () => {
  const translate = useTranslate();
  const kindChoices = PROMO_DISCOUNT_KINDS.map((kind) => ({ id: kind, name: translate(`${TEXTS}.kinds.${kind}`) }));
  return (
    <>
      <TextInput source="name" slotProps={{ htmlInput: { maxLength: PROMO_CODE_LIMITS.name } }} />
      <SelectInput source="discountKind" choices={kindChoices} />
      <DiscountValueInput />
      <LocalDateInput source="validFrom" helperText={`${TEXTS}.helpers.validity`} fullWidth />
      <LocalDateInput source="validUntil" fullWidth />
      <ReferenceInput source="establishmentId" reference="establishments">
        <AutocompleteInput
          label={`${TEXTS}.fields.establishmentId`}
          helperText={`${TEXTS}.helpers.owner`}
          filterToQuery={(q: string) => ({ q })}
        />
      </ReferenceInput>
      <ReferenceInput source="promoterGroupId" reference="promoters">
        <AutocompleteInput label={`${TEXTS}.fields.promoterGroupId`} filterToQuery={(q: string) => ({ q })} />
      </ReferenceInput>
      <RichTextDescriptionInput source="htmlDescription" label={`${TEXTS}.fields.htmlDescription`} />
    </>
  );
};
