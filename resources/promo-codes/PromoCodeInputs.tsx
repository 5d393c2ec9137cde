import AutorenewIcon from '@mui/icons-material/Autorenew';
import { IconButton, InputAdornment, Tooltip } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  ReferenceInput,
  TextInput,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { PROMO_CODE_ERROR_CODES } from '../../domain/errors';
import { generatePromoCode, PROMO_CODE_LIMITS, promoCodeInputSchema } from '../../domain/promoCode';
import { withProblems, zodFormErrors } from '../shared/zodValidation';

const TEXTS = 'resources.promo-codes';

/** The code alphabet's rule, said in the reader's language rather than as a pattern. */
export const CODE_RULES = { code: `${TEXTS}.validation.codeCharacters` } as const;

/** The server's schema (domain/promoCode.ts), and a limit never below the uses already made. */
export const validatePromoCode = (values: Record<string, unknown>) => {
  const errors = zodFormErrors(promoCodeInputSchema, values, CODE_RULES);
  const used = typeof values.usageCount === 'number' ? values.usageCount : 0;
  const max = values.maxUsageCount;
  if (typeof max === 'number' && max < used) withProblems(errors, { maxUsageCount: PROMO_CODE_ERROR_CODES.belowUsage });
  return errors;
};

/** Fills the code field with a new generated code (no 0/O, 1/I/L). */
const GenerateCodeButton = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const label = translate(`${TEXTS}.actions.generate`);
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        edge="end"
        onClick={() => setValue('code', generatePromoCode(), { shouldDirty: true, shouldValidate: true })}
      >
        <AutorenewIcon />
      </IconButton>
    </Tooltip>
  );
};

/** Upper-cases as the user types: codes are case-insensitive and stored upper-case. */
const upperCase = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

export const PromoCodeTemplateInput = ({ validate }: { validate?: Validator }) => (
  <ReferenceInput source="promoCodeTemplateId" reference="promo-code-templates" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput
      optionText="name"
      label={`${TEXTS}.fields.promoCodeTemplateId`}
      validate={validate}
      filterToQuery={(q: string) => ({ q })}
    />
  </ReferenceInput>
);

/** The fields of a promo code, shared by the create and the edit drawer. */
export const PromoCodeInputs = () => (
  <>
    <TextInput
      source="code"
      parse={upperCase}
      helperText={`${TEXTS}.helpers.code`}
      slotProps={{
        htmlInput: { maxLength: PROMO_CODE_LIMITS.codeMax, autoCapitalize: 'characters', spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <GenerateCodeButton />
            </InputAdornment>
          ),
        },
      }}
    />
    <NumberInput source="maxUsageCount" min={1} step={1} helperText={`${TEXTS}.helpers.maxUsageCount`} />
    <PromoCodeTemplateInput />
    <BooleanInput source="isDisabled" helperText={`${TEXTS}.helpers.isDisabled`} />
  </>
);
