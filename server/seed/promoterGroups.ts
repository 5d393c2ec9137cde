export interface SeedPromoterGroup {
  name: string;
  promoterTypeKeys: string[];
  eventTypeKeys: string[];
  musicKeys: string[];
  ambianceKeys: string[];
  tagNames: string[];
  email: string;
  phone: string;
  urlSite: string;
  urlBilletterie: string | null;
  description: string;
  logoColor: string;
  visibility: 'DRAFT' | 'PUBLISHED';
}

/** The first is promoter@demo.ch's group, the second promoter2@demo.ch's. */
export const PROMOTER_GROUPS: SeedPromoterGroup[] = [
  {
    name: 'Nachtwerk Kollektiv',
    promoterTypeKeys: ['COLLECTIVE'],
    eventTypeKeys: ['PARTY', 'DJ_SET'],
    musicKeys: ['TECHNO', 'HOUSE'],
    ambianceKeys: ['UNDERGROUND'],
    tagNames: ['Local DJs', 'Vinyl only'],
    email: 'crew@nachtwerk.example.ch',
    phone: '+41 79 555 11 22',
    urlSite: 'https://nachtwerk.example.ch',
    urlBilletterie: 'https://tickets.example.ch/nachtwerk',
    description: 'A Zürich techno collective running long nights with local and European DJs since 2016.',
    logoColor: '#0D0D0D',
    visibility: 'PUBLISHED',
  },
  {
    name: 'Léman Sound System',
    promoterTypeKeys: ['ASSOCIATION', 'BOOKING_AGENCY'],
    eventTypeKeys: ['PARTY', 'CONCERT'],
    musicKeys: ['HIP_HOP', 'AFROBEATS', 'RNB'],
    ambianceKeys: ['FESTIVE'],
    tagNames: ['Students welcome'],
    email: 'hello@lemansound.example.ch',
    phone: '+41 78 555 33 44',
    urlSite: 'https://lemansound.example.ch',
    urlBilletterie: null,
    description: 'An association from Geneva and Lausanne bringing hip-hop and afrobeats to the lake shore.',
    logoColor: '#4377DC',
    visibility: 'PUBLISHED',
  },
  {
    name: 'Ticino Beats',
    promoterTypeKeys: ['FESTIVAL', 'BOOKING_AGENCY'],
    eventTypeKeys: ['FESTIVAL', 'OPEN_AIR', 'PARTY'],
    musicKeys: ['REGGAETON', 'LATIN', 'DEEP_HOUSE'],
    ambianceKeys: ['FESTIVE', 'CHIC'],
    tagNames: ['Open late'],
    email: 'info@ticinobeats.example.ch',
    phone: '+41 76 555 55 66',
    urlSite: 'https://ticinobeats.example.ch',
    urlBilletterie: 'https://tickets.example.ch/ticinobeats',
    description: 'Open airs and Latin nights on Lake Lugano, every summer since 2014.',
    logoColor: '#FEC864',
    visibility: 'PUBLISHED',
  },
  {
    name: 'Rheinklang Events',
    promoterTypeKeys: ['INDEPENDENT'],
    eventTypeKeys: ['CONCERT', 'JAM_SESSION'],
    musicKeys: ['INDIE', 'ROCK', 'JAZZ'],
    ambianceKeys: ['ALTERNATIVE', 'INTIMATE'],
    tagNames: ['Live music'],
    email: 'konzerte@rheinklang.example.ch',
    phone: '+41 77 555 77 88',
    urlSite: 'https://rheinklang.example.ch',
    urlBilletterie: null,
    description: 'Small concerts by Swiss indie bands in Basel and Bern; new group, profile in preparation.',
    logoColor: '#59B090',
    visibility: 'DRAFT',
  },
];
