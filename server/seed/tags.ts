import type { Language } from '../../domain/languages';

export interface SeedTag {
  tagName: string;
  category: string;
  subCategory: string | null;
  description: string;
  /** Missing languages are left out on purpose: the Tags screen marks them as missing. */
  translations: Partial<Record<Language, string>>;
}

export const TAGS: SeedTag[] = [
  {
    tagName: 'Students welcome',
    category: 'Audience',
    subCategory: 'Age',
    description: 'Reduced prices or special nights for students with a valid card.',
    translations: {
      en: 'Students welcome',
      fr: 'Étudiants bienvenus',
      de: 'Studierende willkommen',
      it: 'Studenti benvenuti',
    },
  },
  {
    tagName: 'Over 25',
    category: 'Audience',
    subCategory: 'Age',
    description: 'A crowd mostly over 25; door policy may apply.',
    translations: { en: 'Over 25', fr: 'Plus de 25 ans', de: 'Ü25', it: 'Over 25' },
  },
  {
    tagName: 'LGBTQ+ safe space',
    category: 'Audience',
    subCategory: 'Community',
    description: 'Awareness team on site and a clear code of conduct.',
    translations: {
      en: 'LGBTQ+ safe space',
      fr: 'Espace sûr LGBTQ+',
      de: 'LGBTQ+ Safe Space',
      it: 'Spazio sicuro LGBTQ+',
    },
  },
  {
    tagName: 'Wheelchair accessible',
    category: 'Accessibility',
    subCategory: 'Mobility',
    description: 'Step-free entrance and an accessible toilet.',
    translations: {
      en: 'Wheelchair accessible',
      fr: 'Accessible en fauteuil roulant',
      de: 'Rollstuhlgängig',
      it: 'Accessibile in sedia a rotelle',
    },
  },
  {
    tagName: 'Hearing loop',
    category: 'Accessibility',
    subCategory: 'Hearing',
    description: 'Induction loop at the bar and in the concert room.',
    translations: { en: 'Hearing loop', fr: 'Boucle magnétique' },
  },
  {
    tagName: 'Craft beer',
    category: 'Drinks',
    subCategory: 'Beer',
    description: 'Local craft beers on tap, often from the region.',
    translations: { en: 'Craft beer', fr: 'Bière artisanale', de: 'Craft-Bier', it: 'Birra artigianale' },
  },
  {
    tagName: 'Natural wine',
    category: 'Drinks',
    subCategory: 'Wine',
    description: 'A list of natural wines from Vaud, Valais and Ticino.',
    translations: { en: 'Natural wine', fr: 'Vin nature', de: 'Naturwein' },
  },
  {
    tagName: 'Signature cocktails',
    category: 'Drinks',
    subCategory: 'Cocktails',
    description: 'A seasonal cocktail menu by the house bartenders.',
    translations: {
      en: 'Signature cocktails',
      fr: 'Cocktails signature',
      de: 'Signature-Cocktails',
      it: 'Cocktail d’autore',
    },
  },
  {
    tagName: 'Live music',
    category: 'Music',
    subCategory: 'Format',
    description: 'Bands or solo artists on stage.',
    translations: { en: 'Live music', fr: 'Musique live', de: 'Livemusik', it: 'Musica dal vivo' },
  },
  {
    tagName: 'Vinyl only',
    category: 'Music',
    subCategory: 'Format',
    description: 'DJs play records only.',
    translations: { en: 'Vinyl only', de: 'Nur Vinyl' },
  },
  {
    tagName: 'Local DJs',
    category: 'Music',
    subCategory: 'Artists',
    description: 'Resident and local DJs from the Swiss scene.',
    translations: { en: 'Local DJs', fr: 'DJs locaux', de: 'Lokale DJs', it: 'DJ locali' },
  },
  {
    tagName: 'Open late',
    category: 'Practical',
    subCategory: 'Hours',
    description: 'Open until 04:00 or later on weekends.',
    translations: { en: 'Open late', fr: 'Ouvert tard', de: 'Lange offen', it: 'Aperto fino a tardi' },
  },
  {
    tagName: 'Near the station',
    category: 'Practical',
    subCategory: 'Access',
    description: 'Less than ten minutes on foot from the main railway station.',
    translations: {
      en: 'Near the station',
      fr: 'Près de la gare',
      de: 'Nahe beim Bahnhof',
      it: 'Vicino alla stazione',
    },
  },
  {
    tagName: 'Heated terrace',
    category: 'Practical',
    subCategory: 'Outdoor',
    description: 'A covered, heated terrace in winter.',
    translations: { en: 'Heated terrace', fr: 'Terrasse chauffée', de: 'Beheizte Terrasse' },
  },
  {
    tagName: 'Dog friendly',
    category: 'Practical',
    subCategory: null,
    description: 'Well-behaved dogs are welcome at the bar.',
    translations: { fr: 'Chiens bienvenus', de: 'Hunde willkommen', it: 'Cani benvenuti' },
  },
  {
    tagName: 'Cashless',
    category: 'Practical',
    subCategory: 'Payment',
    description: 'Card and TWINT only, no cash.',
    translations: { en: 'Cashless', fr: 'Sans espèces', de: 'Bargeldlos', it: 'Senza contanti' },
  },
];
