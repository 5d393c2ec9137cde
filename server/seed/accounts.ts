import type { RoleKey } from '../../domain/roles';

export interface DemoAccount {
  email: string;
  roleKey: RoleKey;
  /** What the account shows off, printed at start beside the email. */
  label: string;
}

/** One account per role, plus a second promoter group's and a second establishment's. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'root@demo.ch', roleKey: 'ROOT', label: 'Root: everything' },
  { email: 'promoter@demo.ch', roleKey: 'PROMOTER', label: 'Promoter of the first promoter group' },
  { email: 'customer@demo.ch', roleKey: 'CUSTOMER', label: 'Customer: reads published events' },
  { email: 'admin@demo.ch', roleKey: 'ADMIN', label: 'Admin of the first establishment' },
  { email: 'coordinator@demo.ch', roleKey: 'COORDINATOR', label: 'Coordinator of the first establishment' },
  {
    email: 'coordinator-limited@demo.ch',
    roleKey: 'COORDINATOR_ADMIN_LIMITED',
    label: 'Coordinator admin (limited) of the first establishment',
  },
  {
    email: 'coordinator-full@demo.ch',
    roleKey: 'COORDINATOR_ADMIN_FULL',
    label: 'Coordinator admin (full): all records',
  },
  { email: 'promoter2@demo.ch', roleKey: 'PROMOTER', label: 'Promoter of the second promoter group' },
  { email: 'admin2@demo.ch', roleKey: 'ADMIN', label: 'Admin of the second establishment' },
];

/** Which record an account is scoped to: index into the seeded establishments or promoter groups. */
export type DemoScope = { establishment: number } | { promoterGroup: number } | null;

export interface DemoPerson {
  firstName: string;
  lastName: string;
  username: string;
  phoneNumber: string | null;
  gender: 'FEMALE' | 'MALE' | 'OTHER' | 'UNSPECIFIED';
  language: 'en' | 'fr' | 'de' | 'it';
  /**
   * Users of a subscribed partner (the first establishment, the first promoter group) carry its paid state,
   * which server/seed/billing.ts sets from the seeded invoices; the values here say the same.
   */
  hasPaidSubscription: boolean;
  scope: DemoScope;
}

/** The people behind the demo accounts, keyed by email. */
export const DEMO_PEOPLE: Record<string, DemoPerson> = {
  'root@demo.ch': {
    firstName: 'Rosa',
    lastName: 'Oberholzer',
    username: 'root',
    phoneNumber: '+41 44 555 01 00',
    gender: 'FEMALE',
    language: 'en',
    hasPaidSubscription: true,
    scope: null,
  },
  'promoter@demo.ch': {
    firstName: 'Luca',
    lastName: 'Bernasconi',
    username: 'promoter',
    phoneNumber: '+41 79 555 02 11',
    gender: 'MALE',
    language: 'fr',
    hasPaidSubscription: false,
    scope: { promoterGroup: 0 },
  },
  'customer@demo.ch': {
    firstName: 'Chiara',
    lastName: 'Rossi',
    username: 'customer',
    phoneNumber: null,
    gender: 'FEMALE',
    language: 'it',
    hasPaidSubscription: false,
    scope: null,
  },
  'admin@demo.ch': {
    firstName: 'Matthias',
    lastName: 'Keller',
    username: 'admin',
    phoneNumber: '+41 44 555 03 22',
    gender: 'MALE',
    language: 'de',
    hasPaidSubscription: true,
    scope: { establishment: 0 },
  },
  'coordinator@demo.ch': {
    firstName: 'Sophie',
    lastName: 'Favre',
    username: 'coordinator',
    phoneNumber: '+41 22 555 04 33',
    gender: 'FEMALE',
    language: 'fr',
    hasPaidSubscription: true,
    scope: { establishment: 0 },
  },
  'coordinator-limited@demo.ch': {
    firstName: 'Noah',
    lastName: 'Brunner',
    username: 'coordinator-limited',
    phoneNumber: null,
    gender: 'MALE',
    language: 'de',
    hasPaidSubscription: true,
    scope: { establishment: 0 },
  },
  'coordinator-full@demo.ch': {
    firstName: 'Elena',
    lastName: 'Fontana',
    username: 'coordinator-full',
    phoneNumber: '+41 91 555 05 44',
    gender: 'FEMALE',
    language: 'it',
    hasPaidSubscription: true,
    scope: null,
  },
  'promoter2@demo.ch': {
    firstName: 'Jonas',
    lastName: 'Meier',
    username: 'promoter2',
    phoneNumber: '+41 61 555 06 55',
    gender: 'MALE',
    language: 'de',
    hasPaidSubscription: false,
    scope: { promoterGroup: 1 },
  },
  'admin2@demo.ch': {
    firstName: 'Camille',
    lastName: 'Dubois',
    username: 'admin2',
    phoneNumber: '+41 21 555 07 66',
    gender: 'FEMALE',
    language: 'fr',
    hasPaidSubscription: true,
    scope: { establishment: 1 },
  },
};
