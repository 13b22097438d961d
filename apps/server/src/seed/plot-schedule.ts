import { addDays, isWeekend } from './dates.ts';
import { DEMO_PLOT_DAYS } from './demo-constants.ts';
import { seatsSold } from './occupancy.ts';
import type { ProductKey } from './demo-keys.ts';
import { SCHEDULES, type PlotPrice } from './schedules.ts';

/** One plot to insert, with the seats the seed's paid order takes on it. */
export interface PlannedPlot extends PlotPrice {
  product: ProductKey;
  date: string | null;
  start: string | null;
  end: string | null;
  capacity: number | null;
  maxOrders: number | null;
  selectable: boolean;
  sold: number;
}

function addMinutes(time: string, minutes: number): string {
  const [hours, mins] = time.split(':').map(Number);
  const total = hours! * 60 + mins! + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * Every dated plot of the demo, today and the next DEMO_PLOT_DAYS − 1 days.
 * (The open plots of products without days come with the catalogue file.)
 */
export function planPlots(today: string): PlannedPlot[] {
  const planned: PlannedPlot[] = [];
  SCHEDULES.forEach((schedule, seed) => {
    let index = 0;
    for (let offset = 0; offset < DEMO_PLOT_DAYS; offset++) {
      const date = addDays(today, offset);
      if (!schedule.opens(date, offset)) continue;
      for (const slot of schedule.slots ?? [null]) {
        if (slot && schedule.slotOpens && !schedule.slotOpens(date, slot)) continue;
        const capacity = schedule.capacity;
        const sold =
          capacity === null || schedule.sells === false
            ? 0
            : seatsSold({
                capacity,
                offset,
                weekend: isWeekend(date),
                index,
                seed,
                wholeTeams: schedule.maxOrders === 1,
              });
        planned.push({
          product: schedule.product,
          date,
          start: slot?.start ?? null,
          end: slot ? addMinutes(slot.start, slot.minutes) : null,
          capacity,
          maxOrders: schedule.maxOrders ?? null,
          priceKind: null,
          priceCents: null,
          audiencePrices: {},
          ...schedule.price?.(date, slot),
          selectable: !schedule.unselectable?.(offset),
          sold,
        });
        index++;
      }
    }
  });
  return planned;
}
