import type { CapacityType, ItemState, PriceType } from '../db/schema.ts';
import type { AudienceKey } from './texts/audiences.ts';
import type { CategoryKey } from './texts/categories.ts';
import type { ProductKey } from './texts/products.ts';
import type { GroupKey, LabelKey } from './texts/shop.ts';

export interface AudienceSeed {
  key: AudienceKey;
  priceCents: number;
  dependant?: boolean;
  minQuantity?: number;
  group?: string;
}

export interface ProductSeed {
  key: ProductKey;
  category: CategoryKey | null;
  image: string;
  priceCents: number;
  priceType?: PriceType;
  capacityType?: CapacityType;
  label?: LabelKey;
  state?: ItemState;
  visible?: boolean;
  group?: GroupKey;
  minQuantity?: number;
  maxQuantity?: number;
  hasDays?: boolean;
  hasTimeslots?: boolean;
  showEndTime?: boolean;
  showAvailability?: boolean;
  allowReservations?: boolean;
  audiences?: AudienceSeed[];
}

/** The catalogue: one of each kind of product the storefront must handle. */
export const CATALOGUE: ProductSeed[] = [
  {
    key: 'museum-admission',
    category: 'museum',
    image: 'museum-hall.svg',
    priceCents: 1750,
    priceType: 'AUDIENCE',
    hasDays: true,
    showAvailability: true,
    label: 'familyFavourite',
    audiences: [
      { key: 'adult', priceCents: 1750 },
      { key: 'child', priceCents: 850, dependant: true },
      { key: 'senior', priceCents: 1500 },
    ],
  },
  {
    key: 'light-and-colour',
    category: 'exhibitions',
    image: 'light-colour.svg',
    priceCents: 2250,
    hasDays: true,
    hasTimeslots: true,
    showEndTime: true,
    label: 'new',
  },
  {
    key: 'highlights-tour',
    category: 'tours',
    image: 'guided-tour.svg',
    priceCents: 1950,
    priceType: 'AUDIENCE',
    hasDays: true,
    hasTimeslots: true,
    audiences: [
      { key: 'adult', priceCents: 1950 },
      { key: 'child', priceCents: 950, dependant: true },
      { key: 'studentGroup', priceCents: 1200, minQuantity: 5, group: 'groups' },
    ],
  },
  {
    key: 'zoo-day',
    category: 'days-out',
    image: 'zoo.svg',
    priceCents: 2400,
    capacityType: 'NONE',
    hasDays: true,
    label: 'popular',
  },
  {
    key: 'canal-cruise',
    category: 'water',
    image: 'boat-tour.svg',
    priceCents: 1650,
    hasDays: true,
    hasTimeslots: true,
  },
  {
    key: 'escape-room',
    category: 'experiences',
    image: 'escape-room.svg',
    priceCents: 2750,
    hasDays: true,
    hasTimeslots: true,
    showEndTime: true,
    minQuantity: 2,
    maxQuantity: 6,
    allowReservations: true,
    label: 'popular',
  },
  {
    key: 'theatre-evening',
    category: 'experiences',
    image: 'theatre.svg',
    priceCents: 2950,
    priceType: 'DYNAMIC',
    hasDays: true,
    hasTimeslots: true,
  },
  { key: 'flex-ticket', category: null, image: 'flex-ticket.svg', priceCents: 1950, label: 'bestValue' },
  {
    key: 'photo-permit',
    category: null,
    image: 'photo-permit.svg',
    priceCents: 1000,
    capacityType: 'NONE',
    visible: false,
    maxQuantity: 1,
  },
  {
    key: 'members-preview',
    category: 'members',
    image: 'members-evening.svg',
    priceCents: 0,
    hasDays: true,
    hasTimeslots: true,
    showEndTime: true,
    group: 'friends',
    maxQuantity: 2,
    label: 'membersOnly',
  },
  {
    key: 'school-visit',
    category: 'tours',
    image: 'school-visit.svg',
    priceCents: 450,
    hasDays: true,
    showAvailability: true,
    group: 'schools',
    minQuantity: 10,
    maxQuantity: 35,
  },
  {
    key: 'winter-festival',
    category: 'coming-soon',
    image: 'winter-festival.svg',
    priceCents: 1250,
    hasDays: true,
    state: 'DRAFT',
  },
];
