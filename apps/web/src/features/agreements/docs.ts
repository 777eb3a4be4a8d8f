/** The agreements, by route name (each is also the key of its text in locales/<lang>/agreements.json). */
export const AGREEMENTS = [
  'useragreement',
  'memberagreement',
  'privacyagreement',
  'rentprivacyagreement',
  'superDriverPersonal',
  'superDriverMembers',
] as const;
export type AgreementName = (typeof AGREEMENTS)[number];
