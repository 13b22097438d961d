import type { ProductDetail } from '@kassa/domain/contract/catalog';
import type { Plot } from '@kassa/domain/contract/plots';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { Price } from '@/components/ui/price';
import { todayIn } from '@/lib/format-date';
import { initialDate, plotDays, showSlotPrices } from '../utils/plot-days';
import { PlotCalendar } from './plot-calendar';
import { formatTimeRange } from '@kassa/domain/rules/time-range';

interface PlotStepProps {
  product: ProductDetail;
  /** Plots with a date that take bookings; undefined while loading. */
  available: Plot[] | undefined;
  /** Of those, the plots with room for the chosen quantity (spec §4). */
  offered: Plot[] | undefined;
  chosen: number | null;
  timeZone: string;
  onChoose: (plot: Plot) => void;
}

function slotTime(plot: Plot, showEnd: boolean): string {
  return formatTimeRange(plot.time.start, showEnd ? plot.time.end : null) ?? '';
}

/**
 * The date and time step (spec §2, §4): an inline Monday-first calendar of
 * days with room, the first such day that is not today chosen for the
 * visitor, and the slot list of the chosen day for timeslot products.
 */
export function PlotStep({ product, available, offered, chosen, timeZone, onChoose }: PlotStepProps) {
  const { t } = useTranslation();
  const slotsId = useId();
  const timeslots = product.options.timeslots;
  // Timeslot days stay open while any slot has seats, so a visitor sees that
  // none fits their quantity; a day of one plot is closed when it does not fit.
  const days = useMemo(
    () => plotDays((timeslots ? available : offered) ?? []),
    [timeslots, available, offered],
  );
  const offeredIds = new Set((offered ?? []).map((plot) => plot.id));
  const chosenDate = offered?.find((plot) => plot.id === chosen)?.date ?? null;
  const [date, setDate] = useState<string | null>(chosenDate);
  const shownDate =
    date ?? chosenDate ?? initialDate(days, todayIn(timeZone), (plot) => offeredIds.has(plot.id));
  const day = days.find((candidate) => candidate.date === shownDate);

  // A day without timeslots is one plot: choosing the day chooses it.
  const dayPlot = !timeslots && day?.plots.length === 1 ? day.plots[0] : undefined;
  useEffect(() => {
    if (dayPlot && dayPlot.id !== chosen) onChoose(dayPlot);
  }, [dayPlot, chosen, onChoose]);

  if (!offered || !available) return <Loading label={t('product.plot.loading')} />;
  if (days.length === 0) return <Alert tone="warning">{t('product.plot.none')}</Alert>;

  const slots = (day?.plots ?? []).filter((plot) => offeredIds.has(plot.id));
  const prices = showSlotPrices(slots);
  return (
    <div className="kassa-plot-step">
      <PlotCalendar
        days={days}
        selected={shownDate}
        showDots={product.settings.show_availability && !timeslots}
        onSelect={setDate}
      />
      {timeslots && shownDate && (
        <fieldset className="kassa-slots" aria-describedby={slots.length === 0 ? slotsId : undefined}>
          <legend className="kassa-slots__legend">{t('product.plot.slots')}</legend>
          {slots.length === 0 ? (
            <p id={slotsId}>{t('product.types.timeslot.not_available')}</p>
          ) : (
            <div className="kassa-slots__list">
              {slots.map((plot) => (
                <label
                  key={plot.id}
                  className={
                    plot.id === chosen ? 'kassa-slots__slot kassa-slots__slot--chosen' : 'kassa-slots__slot'
                  }
                >
                  <input
                    type="radio"
                    name="kassa-slot"
                    className="kassa-visually-hidden"
                    checked={plot.id === chosen}
                    onChange={() => onChoose(plot)}
                  />
                  <span className="kassa-slots__time">{slotTime(plot, product.settings.show_end_time)}</span>
                  {prices && plot.lowestTotalPrice !== null && <Price amount={plot.lowestTotalPrice} />}
                </label>
              ))}
            </div>
          )}
        </fieldset>
      )}
    </div>
  );
}
