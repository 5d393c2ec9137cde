import type {
  ApprovalStatus,
  OfferKind,
  OfferRecurrencePattern,
  PromoDiscountKind,
  Visibility,
} from '../../domain/enums';

export interface SeedOfferTemplate {
  key: string;
  kind: OfferKind;
  longTitle: string;
  shortTitle: string;
  description: string;
  establishment: number | null;
  promoterGroup: number | null;
  recurrencePattern: OfferRecurrencePattern | null;
  approvalStatus: ApprovalStatus;
  approvalReason?: string;
  requestedBy: string | null;
  visibility: Visibility;
}

export const OFFER_TEMPLATES: SeedOfferTemplate[] = [
  {
    key: 'free-before-midnight',
    kind: 'EXCLUSIVE',
    longTitle: 'Free entry before midnight',
    shortTitle: 'Free before 00:00',
    description: 'Entry is free for guests who arrive before midnight and show the app at the door.',
    establishment: 0,
    promoterGroup: null,
    recurrencePattern: null,
    approvalStatus: 'APPROVED',
    requestedBy: 'admin@demo.ch',
    visibility: 'PUBLISHED',
  },
  {
    key: 'welcome-drink',
    kind: 'EXCLUSIVE',
    longTitle: 'A welcome drink with your ticket',
    shortTitle: 'Welcome drink',
    description: 'One long drink or a soft drink at the bar, offered with every ticket bought in advance.',
    establishment: 1,
    promoterGroup: null,
    recurrencePattern: null,
    approvalStatus: 'APPROVED',
    requestedBy: 'admin2@demo.ch',
    visibility: 'PUBLISHED',
  },
  {
    key: 'thursday-happy-hour',
    kind: 'RECURRENT',
    longTitle: 'Happy hour every Thursday: two drinks for one',
    shortTitle: '2 for 1 Thursdays',
    description: 'Every Thursday from 17:00 to 19:00, the second drink is on the house.',
    establishment: 2,
    promoterGroup: null,
    recurrencePattern: 'WEEKLY',
    approvalStatus: 'APPROVED',
    requestedBy: null,
    visibility: 'PUBLISHED',
  },
  {
    key: 'monthly-guest-list',
    kind: 'RECURRENT',
    longTitle: 'Nachtwerk guest list, once a month',
    shortTitle: 'Monthly guest list',
    description: 'Ten places on the guest list at every Nachtwerk night.',
    establishment: null,
    promoterGroup: 0,
    recurrencePattern: 'MONTHLY',
    approvalStatus: 'PENDING',
    requestedBy: 'promoter@demo.ch',
    visibility: 'DRAFT',
  },
  {
    key: 'daily-aperitivo',
    kind: 'RECURRENT',
    longTitle: 'Aperitivo with free snacks, every day',
    shortTitle: 'Daily aperitivo',
    description: 'Free snacks with every drink ordered between 18:00 and 20:00.',
    establishment: 11,
    promoterGroup: null,
    recurrencePattern: 'DAILY',
    approvalStatus: 'APPROVED',
    requestedBy: null,
    visibility: 'PUBLISHED',
  },
  {
    key: 'bottle-deal',
    kind: 'EXCLUSIVE',
    longTitle: 'Bottle of prosecco at half price for groups of six',
    shortTitle: 'Half-price bottle',
    description: 'For groups of six or more, booked in advance.',
    establishment: null,
    promoterGroup: 1,
    recurrencePattern: null,
    approvalStatus: 'REJECTED',
    approvalReason: 'Alcohol discounts for groups are not allowed by our licence.',
    requestedBy: 'promoter2@demo.ch',
    visibility: 'DRAFT',
  },
];

export interface SeedOffer {
  kind: OfferKind;
  templateKey: string;
  offerTypeKey: string;
  establishment: number | null;
  promoterGroup: number | null;
  /** Key of a seeded event the offer belongs to. */
  eventKey: string | null;
  availableSpots?: number;
  /**
   * Spots claimed by demo accounts (the customer), `daysAgo` days before today at `at` (Zurich), some of them
   * cancelled `cancelledDaysAgo` days before today; only live claims take a spot.
   */
  claims?: { by: string; daysAgo: number; at: string; cancelledDaysAgo?: number }[];
  /** Days from today for an exclusive offer's window. */
  window?: { fromDay: number; toDay: number; startTime: string; endTime: string };
  isActivated?: boolean;
  visibility: Visibility;
}

export const OFFERS: SeedOffer[] = [
  {
    kind: 'EXCLUSIVE',
    templateKey: 'free-before-midnight',
    offerTypeKey: 'FREE_ENTRY',
    establishment: 0,
    promoterGroup: null,
    eventKey: 'gleis7-saturdays',
    availableSpots: 50,
    claims: [{ by: 'customer@demo.ch', daysAgo: 9, at: '18:42' }],
    window: { fromDay: 0, toDay: 60, startTime: '22:00', endTime: '00:00' },
    visibility: 'PUBLISHED',
  },
  {
    kind: 'EXCLUSIVE',
    templateKey: 'welcome-drink',
    offerTypeKey: 'WELCOME_DRINK',
    establishment: 1,
    promoterGroup: null,
    eventKey: 'seujet-afro-vibes',
    availableSpots: 100,
    claims: [
      { by: 'customer@demo.ch', daysAgo: 57, at: '20:15', cancelledDaysAgo: 55 },
      { by: 'customer@demo.ch', daysAgo: 24, at: '17:03' },
    ],
    window: { fromDay: 0, toDay: 90, startTime: '23:00', endTime: '01:00' },
    visibility: 'PUBLISHED',
  },
  {
    kind: 'EXCLUSIVE',
    templateKey: 'free-before-midnight',
    offerTypeKey: 'GUEST_LIST',
    establishment: 0,
    promoterGroup: 0,
    eventKey: 'nachtwerk-warehouse',
    availableSpots: 20,
    window: { fromDay: 20, toDay: 40, startTime: '22:00', endTime: '23:30' },
    visibility: 'DRAFT',
  },
  {
    kind: 'RECURRENT',
    templateKey: 'thursday-happy-hour',
    offerTypeKey: 'WELCOME_DRINK',
    establishment: 2,
    promoterGroup: null,
    eventKey: null,
    isActivated: true,
    visibility: 'PUBLISHED',
  },
  {
    kind: 'RECURRENT',
    templateKey: 'daily-aperitivo',
    offerTypeKey: 'WELCOME_DRINK',
    establishment: 11,
    promoterGroup: null,
    eventKey: null,
    isActivated: false,
    visibility: 'DRAFT',
  },
  {
    kind: 'RECURRENT',
    templateKey: 'monthly-guest-list',
    offerTypeKey: 'SKIP_THE_LINE',
    establishment: null,
    promoterGroup: 0,
    eventKey: 'gleis7-saturdays',
    isActivated: true,
    visibility: 'DRAFT',
  },
];

export interface SeedPromoCodeTemplate {
  key: string;
  name: string;
  description: string;
  discountKind: PromoDiscountKind;
  discountValue: number | null;
  establishment: number | null;
  promoterGroup: number | null;
  /** Validity in days from today. */
  validDays: number;
  /** Valid since that many days before today: its codes were redeemed over those days. */
  sinceDays: number;
}

export const PROMO_CODE_TEMPLATES: SeedPromoCodeTemplate[] = [
  {
    key: 'students',
    name: 'Students −20 %',
    description: '20 % off the entry with a valid student card.',
    discountKind: 'PERCENTAGE',
    discountValue: 20,
    establishment: 5,
    promoterGroup: null,
    validDays: 120,
    sinceDays: 100,
  },
  {
    key: 'ten-francs',
    name: 'CHF 10 off',
    description: 'CHF 10 off an advance ticket.',
    discountKind: 'FIXED_AMOUNT',
    discountValue: 10,
    establishment: 1,
    promoterGroup: null,
    validDays: 60,
    sinceDays: 75,
  },
  {
    key: 'free-entry',
    name: 'Free entry (crew and friends)',
    description: 'Free entry for the collective’s friends, one use per code.',
    discountKind: 'FREE_ENTRY',
    discountValue: null,
    establishment: null,
    promoterGroup: 0,
    validDays: 30,
    sinceDays: 30,
  },
];

/**
 * `usageCount` redemptions are seeded for each code: the first by `redeemedBy` when given, the others by visitors
 * whose accounts are gone (no user); spread over the days since the code's template is valid (server/seed/history.ts).
 */
export const PROMO_CODES: {
  code: string;
  templateKey: string;
  maxUsageCount: number;
  usageCount: number;
  redeemedBy?: string;
}[] = [
  { code: 'FLON-STUDI', templateKey: 'students', maxUsageCount: 200, usageCount: 37, redeemedBy: 'customer@demo.ch' },
  { code: 'SEUJET10', templateKey: 'ten-francs', maxUsageCount: 50, usageCount: 50 },
  { code: 'SEUJET10-VIP', templateKey: 'ten-francs', maxUsageCount: 5, usageCount: 1 },
  { code: 'NACHTWERK-CREW-01', templateKey: 'free-entry', maxUsageCount: 1, usageCount: 0 },
  { code: 'NACHTWERK-CREW-02', templateKey: 'free-entry', maxUsageCount: 1, usageCount: 1 },
];
