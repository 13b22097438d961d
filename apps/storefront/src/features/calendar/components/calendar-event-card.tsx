import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link } from '@/lib/router/router';
import { Price } from '@/components/ui/price';
import { SlotAvailability } from '@/components/ui/slot-availability';
import { itemPath } from '@/lib/item-paths';
import type { CalendarEvent } from '../utils/calendar-events';
import { formatTimeRange } from '@kassa/domain/rules/time-range';

/**
 * One event of the selected day (docs/storefront.md §2.18): time, title, how
 * full a time slot is, preview, lowest price, and Add tickets / Checkout, both
 * to the product page. Both carry the day and plot as a hint, so the order flow
 * preselects the chosen day instead of another one.
 */
export function CalendarEventCard({ event }: { event: CalendarEvent }) {
  const { t } = useTranslation();
  const titleId = useId();
  const time = formatTimeRange(event.time.start, event.time.end) ?? t('calendar.all_day');
  const productPath = itemPath('product', event.product);
  const hint = new URLSearchParams({ date: event.date, plot: String(event.plotId) });
  // Every card has the same two link texts; the hidden part tells them apart in a links list.
  const which = (
    <span className="kassa-visually-hidden">
      {' – '}
      {event.product.title}, {time}
    </span>
  );

  return (
    <article className="kassa-calendar-event" aria-labelledby={titleId}>
      <p className="kassa-calendar-event__time">{time}</p>
      <h3 id={titleId} className="kassa-calendar-event__title">
        {event.product.title}
      </h3>
      {/* A time slot says how full it is; an all-day event is not a slot. */}
      {event.time.start !== null && (
        <p className="kassa-calendar-event__availability">
          <SlotAvailability percentage={event.availability} />
        </p>
      )}
      {event.preview && <p className="kassa-calendar-event__preview">{event.preview}</p>}
      {event.price !== null && (
        <p className="kassa-calendar-event__price">
          {event.price > 0 ? (
            <>
              {t('calendar.price_from')} <Price amount={event.price} />
            </>
          ) : (
            t('calendar.free')
          )}
        </p>
      )}
      <div className="kassa-actions">
        <Link className="kassa-button kassa-button--secondary" to={`${productPath}?${hint.toString()}`}>
          {t('calendar.add_tickets')}
          {which}
        </Link>
        <Link className="kassa-button" to={`${productPath}?${hint.toString()}`}>
          {t('calendar.checkout')}
          {which}
        </Link>
      </div>
    </article>
  );
}
