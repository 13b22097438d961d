import type { ProductDetail } from '@kassa/domain/contract/catalog';
import type { Plot } from '@kassa/domain/contract/plots';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { WaitlistForm } from './waitlist-form';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { Price } from '@/components/ui/price';
import { SlotAvailability } from '@/components/ui/slot-availability';
import { formatLongDate, todayIn } from '@/lib/format-date';
import { initialDate, plotDays, showSlotPrices } from '../utils/plot-days';
import { PlotCalendar } from './plot-calendar';
import { formatTimeRange } from '@kassa/domain/rules/time-range';

interface PlotStepProps {
  product: ProductDetail;
  /** Plots with a date that take bookings; undefined while loading. */
  available: Plot[] | undefined;
  /** Of those, the plots with room for the chosen quantity (docs/storefront.md §2.6): the only ones offered. */
  offered: Plot[] | undefined;
  /** Slots the shop closed (decision 0238): shown with the reason, never offered. */
  closed?: Plot[];
  chosen: number | null;
  timeZone: string;
  onChoose: (plot: Plot) => void;
}

function slotTime(plot: Plot, showEnd: boolean): string {
  return formatTimeRange(plot.time.start, showEnd ? plot.time.end : null) ?? '';
}

/**
 * The date and time step (docs/storefront.md §2.6, §4.16): an inline
 * Monday-first calendar of days with a plot that fits the order, the first such
 * day that is not today chosen for the visitor, and the slot list of the chosen
 * day for timeslot products. A day with places left but none that fits the
 * order is closed like a day without any, and the step says why (decision
 * 0191).
 */
export function PlotStep({
  product,
  available,
  offered,
  closed = [],
  chosen,
  timeZone,
  onChoose,
}: PlotStepProps) {
  const { t, i18n } = useTranslation();
  const tipId = useId();
  // The slot whose tooltip Escape hid, until the pointer or focus leaves it.
  const [tipHidden, setTipHidden] = useState<number | null>(null);
  const timeslots = product.options.timeslots;
  // Only plots the order fits make a day, and only they price it.
  const days = useMemo(() => plotDays(offered ?? []), [offered]);
  const tooSmall = useMemo(() => {
    const open = new Set(days.map((candidate) => candidate.date));
    return new Set(
      (available ?? []).flatMap((plot) => (plot.date && !open.has(plot.date) ? [plot.date] : [])),
    );
  }, [days, available]);
  const chosenDate = offered?.find((plot) => plot.id === chosen)?.date ?? null;
  // A plot chosen before (the calendar page's link) that does not fit the order any more.
  const chosenTooSmall = chosenDate === null && (available ?? []).some((plot) => plot.id === chosen);
  const [date, setDate] = useState<string | null>(chosenDate);
  const shownDate = date ?? chosenDate ?? initialDate(days, todayIn(timeZone));
  const day = days.find((candidate) => candidate.date === shownDate);

  // A day without timeslots is one plot: choosing the day chooses it.
  const dayPlot = !timeslots && day?.plots.length === 1 ? day.plots[0] : undefined;
  useEffect(() => {
    if (dayPlot && dayPlot.id !== chosen) onChoose(dayPlot);
  }, [dayPlot, chosen, onChoose]);

  if (!offered || !available) return <Loading label={t('product.plot.loading')} />;
  const closedNotes = closed.length > 0 && (
    <ul className="kassa-plot-step__closed">
      {closed.map((plot) => (
        <li key={plot.id}>
          {t('product.plot.closed', {
            date: plot.date ? formatLongDate(plot.date, timeZone, i18n.language) : '',
            time: slotTime(plot, product.settings.show_end_time),
            reason: plot.closedReason ?? '',
          })}
        </li>
      ))}
    </ul>
  );
  if (days.length === 0)
    return (
      <>
        <Alert tone="warning">{t('product.plot.none')}</Alert>
        {closedNotes}
      </>
    );

  const slots = day?.plots ?? [];
  const prices = showSlotPrices(slots);
  return (
    <div className="kassa-plot-step">
      {chosenTooSmall && <Alert tone="info">{t('product.types.timeslot.not_available')}</Alert>}
      {/* A full slot chosen before offers its waiting list (decision 0252). */}
      {chosenTooSmall && chosen !== null && <WaitlistForm productId={product.id} plotId={chosen} />}
      <PlotCalendar
        days={days}
        tooSmall={tooSmall}
        selected={shownDate}
        showDots={product.settings.show_availability && !timeslots}
        onSelect={setDate}
      />
      {tooSmall.size > 0 && <p className="kassa-plot-step__note">{t('product.plot.too_small_days')}</p>}
      {closedNotes}
      {timeslots && day && (
        <fieldset className="kassa-slots">
          <legend className="kassa-slots__legend">{t('product.plot.slots')}</legend>
          <div className="kassa-slots__list">
            {slots.map((plot) => (
              <label
                key={plot.id}
                className={
                  plot.id === chosen ? 'kassa-slots__slot kassa-slots__slot--chosen' : 'kassa-slots__slot'
                }
                data-tip-hidden={tipHidden === plot.id || undefined}
                onKeyDown={(event) => event.key === 'Escape' && setTipHidden(plot.id)}
                onMouseLeave={() => setTipHidden(null)}
                onBlur={() => setTipHidden(null)}
              >
                <input
                  type="radio"
                  name="kassa-slot"
                  className="kassa-visually-hidden"
                  checked={plot.id === chosen}
                  aria-describedby={`${tipId}-${plot.id}`}
                  onChange={() => onChoose(plot)}
                />
                <span className="kassa-slots__time">{slotTime(plot, product.settings.show_end_time)}</span>
                {prices && plot.lowestTotalPrice !== null && <Price amount={plot.lowestTotalPrice} />}
                <SlotAvailability
                  percentage={plot.availability.percentage}
                  tooltipId={`${tipId}-${plot.id}`}
                />
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
