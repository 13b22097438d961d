import type { PlotPriceKind } from '../db/schema.ts';
import { isWeekend, weekday } from './dates.ts';
import type { AudienceKey, ProductKey } from './demo-keys.ts';

export interface Slot {
  start: string;
  minutes: number;
}

export interface PlotPrice {
  priceKind: PlotPriceKind | null;
  priceCents: number | null;
  audiencePrices: Partial<Record<AudienceKey, number>>;
}

/** When a product has plots, how many seats, and at what price. */
export interface Schedule {
  product: ProductKey;
  opens(date: string, offset: number): boolean;
  /** null: an all-day plot per date. */
  slots: Slot[] | null;
  capacity: number | null;
  maxOrders?: number;
  /** Days shown in the calendar but not bookable (closed for an event). */
  unselectable?(offset: number): boolean;
  /** Leaves out single slots on days the schedule is open. */
  slotOpens?(date: string, slot: Slot): boolean;
  price?(date: string, slot: Slot | null): PlotPrice | undefined;
  /** Free or invitation-only plots carry no sales. */
  sells?: boolean;
}

const TUESDAY_TO_SUNDAY = (date: string) => weekday(date) !== 1;
const EVERY_DAY = () => true;
const hourly = (from: number, to: number, minutes: number): Slot[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    start: `${String(from + i).padStart(2, '0')}:00`,
    minutes,
  }));

export const SCHEDULES: Schedule[] = [
  {
    product: 'museum-admission',
    opens: TUESDAY_TO_SUNDAY,
    slots: null,
    capacity: 400,
    price: (date) =>
      isWeekend(date)
        ? { priceKind: 'AUDIENCE', priceCents: null, audiencePrices: { adult: 1950, senior: 1700 } }
        : undefined,
  },
  {
    product: 'light-and-colour',
    opens: TUESDAY_TO_SUNDAY,
    slots: hourly(10, 16, 90),
    capacity: 30,
    price: (date) =>
      isWeekend(date) ? { priceKind: 'DAY', priceCents: 2500, audiencePrices: {} } : undefined,
  },
  {
    product: 'highlights-tour',
    opens: TUESDAY_TO_SUNDAY,
    slots: [
      { start: '11:00', minutes: 60 },
      { start: '14:00', minutes: 60 },
      { start: '16:00', minutes: 60 },
    ],
    capacity: 20,
    maxOrders: 6,
    // The late tour ends at sunset on the roof terrace: only at weekends, and dearer.
    slotOpens: (date, slot) => slot.start !== '16:00' || isWeekend(date),
    price: (_date, slot) =>
      slot?.start === '16:00'
        ? {
            priceKind: 'AUDIENCE',
            priceCents: null,
            audiencePrices: { adult: 2450, child: 1250, studentGroup: 1500 },
          }
        : undefined,
  },
  // The zoo closes one day in the window for maintenance: listed, but not selectable.
  {
    product: 'zoo-day',
    opens: EVERY_DAY,
    slots: null,
    capacity: null,
    unselectable: (offset) => offset === 15,
  },
  {
    product: 'canal-cruise',
    opens: EVERY_DAY,
    slots: ['10:30', '12:00', '13:30', '15:00', '16:30'].map((start) => ({ start, minutes: 75 })),
    capacity: 48,
    price: (_date, slot) =>
      slot?.start === '16:30' ? { priceKind: 'TIMESLOT', priceCents: 1950, audiencePrices: {} } : undefined,
  },
  {
    product: 'escape-room',
    opens: EVERY_DAY,
    slots: ['10:00', '11:30', '13:00', '14:30', '16:00', '17:30', '19:00'].map((start) => ({
      start,
      minutes: 60,
    })),
    capacity: 6,
    // One team per room and slot.
    maxOrders: 1,
    price: (_date, slot) =>
      slot?.start === '19:00' ? { priceKind: 'TIMESLOT', priceCents: 3250, audiencePrices: {} } : undefined,
  },
  {
    product: 'theatre-evening',
    opens: (date) => [4, 5, 6].includes(weekday(date)),
    slots: [{ start: '20:00', minutes: 75 }],
    capacity: 120,
    price: (date) => ({ priceKind: 'DYNAMIC', priceCents: theatrePrice(date), audiencePrices: {} }),
  },
  {
    product: 'members-preview',
    // The preview evening: every fourth Thursday, starting next week.
    opens: (date, offset) => weekday(date) === 4 && offset >= 7 && Math.floor((offset - 7) / 7) % 4 === 0,
    slots: [{ start: '19:00', minutes: 150 }],
    capacity: 80,
    sells: false,
  },
  {
    product: 'school-visit',
    opens: (date) => [2, 3, 4, 5].includes(weekday(date)),
    slots: null,
    capacity: 60,
  },
];

/** Dynamic pricing for the play: Saturdays cost most, Thursdays least. */
function theatrePrice(date: string): number {
  return { 4: 2950, 5: 3450, 6: 3750 }[weekday(date)] ?? 2950;
}
