/**
 * The names the seed code (plots, bookings, clients) uses for items of the
 * demo catalogue (demo-catalogue/catalogue.yaml): product slugs and the keys
 * of audiences, client groups and customer fields there.
 */
export const DEMO_PRODUCTS = [
  'museum-admission',
  'light-and-colour',
  'highlights-tour',
  'zoo-day',
  'canal-cruise',
  'escape-room',
  'theatre-evening',
  'flex-ticket',
  'photo-permit',
  'members-preview',
  'school-visit',
  'winter-festival',
] as const;
export type ProductKey = (typeof DEMO_PRODUCTS)[number];

export type AudienceKey = 'adult' | 'child' | 'senior' | 'studentGroup' | 'cardholder';
export type GroupKey = 'friends' | 'schools';

export const DEMO_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'emailConfirm',
  'phone',
  'company',
  'vatId',
  'address',
  'zipcode',
  'city',
  'birthday',
  'pupils',
  'teamName',
  'safetyRules',
  'newsletter',
  'occasion',
  'tourLanguage',
] as const;
export type FieldKey = (typeof DEMO_FIELDS)[number];
