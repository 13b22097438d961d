import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import type { ProductSchedule } from '@kassa/domain/contract/catalogue-schedule';
import { addDays, weekday } from './dates.ts';

/** How far ahead the dated members' evenings go: the window extension keeps finding them for a year. */
const PREVIEW_HORIZON_DAYS = 365;
const THURSDAY = 4;

/**
 * The two things of the demo that count from the day it is first started,
 * which a catalogue file (fixed dates only) cannot say: the code decides
 * these dates, the file holds everything else (seed/README.md).
 *
 * - members-preview: the file's Thursday rule runs every fourth Thursday
 *   from next week: it becomes one dated copy of the rule per evening.
 * - zoo-day: closed for maintenance 15 days from today: an `unselectable`
 *   exception on that date.
 *
 * Answers a new file; the one given is not changed.
 */
export function withTodaysDates(file: CatalogueFile, today: string): CatalogueFile {
  return {
    ...file,
    products: file.products.map((product) => {
      if (!product.schedule) return product;
      if (product.slug === 'members-preview')
        return { ...product, schedule: everyFourthThursday(product.schedule, today) };
      if (product.slug === 'zoo-day')
        return {
          ...product,
          schedule: {
            ...product.schedule,
            exceptions: [
              ...product.schedule.exceptions,
              { date: addDays(today, 15), unselectable: true, note: 'Closed for maintenance' },
            ],
          },
        };
      return product;
    }),
  };
}

/** The first Thursday 7 to 13 days from today, then every 28 days. */
export function previewEvenings(today: string, horizonDays = PREVIEW_HORIZON_DAYS): string[] {
  let first = addDays(today, 7);
  while (weekday(first) !== THURSDAY) first = addDays(first, 1);
  const evenings: string[] = [];
  for (let offset = 0; addDays(first, offset) <= addDays(today, horizonDays - 1); offset += 28)
    evenings.push(addDays(first, offset));
  return evenings;
}

function everyFourthThursday(schedule: ProductSchedule, today: string): ProductSchedule {
  const [rule] = schedule.rules;
  if (!rule || schedule.rules.length !== 1)
    throw new Error('the demo file gives members-preview one weekly rule; the seed dates it');
  return {
    ...schedule,
    rules: previewEvenings(today).map((date) => ({ ...rule, from: date, until: date })),
  };
}
