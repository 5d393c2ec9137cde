/**
 * English messages of the promo codes page (`/promo-code`): the codes, their templates, the bulk creation and
 * the answers of the promo code API (the key set every other language follows).
 */
const promoCodes = {
  resources: {
    'promo-codes': {
      name: 'Promo code |||| Promo codes',
      tabs: { codes: 'Codes', templates: 'Templates' },
      fields: {
        code: 'Code',
        status: 'Status',
        usageCount: 'Usage',
        maxUsageCount: 'Maximum usage',
        promoCodeTemplateId: 'Template',
        isDisabled: 'Disabled',
        actions: 'Actions',
      },
      helpers: {
        code: 'Letters, digits, “-” and “_”; leave empty to get a generated code.',
        maxUsageCount: 'How many customers may redeem this code.',
        isDisabled: 'A disabled code is refused as if it did not exist.',
      },
      status: {
        ACTIVE: 'Active',
        NOT_YET_VALID: 'Not yet valid',
        EXPIRED: 'Expired',
        USED_UP: 'Used up',
        DISABLED: 'Disabled',
      },
      usage: { text: '%{used} / %{max}' },
      actions: { generate: 'Generate a code', disable: 'Disable', enable: 'Enable' },
      validation: { codeCharacters: 'Use letters, digits, “-” and “_” only.' },
      bulk: {
        open: 'Create in bulk',
        title: 'Create promo codes in bulk',
        help: 'Each code is the prefix followed by 8 generated characters without look-alikes (no 0/O, 1/I/L).',
        count: 'Number of codes',
        countHelp: 'From 1 to %{max}.',
        prefix: 'Prefix',
        prefixHelp: 'Optional, e.g. SUMMER-.',
        submit: 'Create codes',
        created: 'One code created. |||| %{smart_count} codes created.',
        createdCodes: 'Created codes',
        copy: 'Copy codes',
      },
      exportFileName: 'promo-codes',
    },
    'promo-code-templates': {
      name: 'Promo code template |||| Promo code templates',
      fields: {
        name: 'Name',
        discountKind: 'Discount',
        discountValue: 'Value',
        validFrom: 'Valid from',
        validUntil: 'Valid until',
        establishmentId: 'Establishment',
        promoterGroupId: 'Promoter group',
        htmlDescription: 'Description',
      },
      kinds: { PERCENTAGE: 'Percentage', FIXED_AMOUNT: 'Fixed amount (CHF)', FREE_ENTRY: 'Free entry' },
      helpers: {
        discountValue: { PERCENTAGE: 'Percent off, up to 100.', FIXED_AMOUNT: 'Swiss francs off.' },
        validity: 'Days in Swiss time, both included; leave empty for no limit.',
        owner: 'Leave both empty for a platform-wide template.',
      },
      validation: {
        discountValue: 'Enter a value that fits the discount: up to 100 % or a positive amount; none for a free entry.',
        validUntil: 'The end must not come before the start.',
      },
    },
  },
  // Answers of the promo code API, translated where the browser shows them (field errors and toasts).
  PROMO_CODE_BELOW_USAGE: 'Cannot be lower than the redemptions already made.',
  PROMO_CODE_UNKNOWN: 'This promo code does not exist.',
  PROMO_CODE_NOT_YET_VALID: 'This promo code is not valid yet.',
  PROMO_CODE_EXPIRED: 'This promo code has expired.',
  PROMO_CODE_ALREADY_REDEEMED: 'You have already redeemed this promo code.',
  USED_UP: 'This promo code has been used up.',
};

export default promoCodes;

/** The shape every language's file must have: the same keys, strings as values. */
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
export type PromoCodeMessages = DeepStrings<typeof promoCodes>;
