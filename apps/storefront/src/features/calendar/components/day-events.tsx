import { useTranslation } from '@/lib/use-translation';
import { formatLongDate } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import type { CalendarEvent } from '../utils/calendar-events';
import { CalendarEventCard } from './calendar-event-card';

/**
 * The selected day's events as a list under a heading naming the day. The
 * count line is a polite live region, so choosing another day in the picker
 * is announced without moving focus out of it.
 */
export function DayEvents({ day, events }: { day: string; events: readonly CalendarEvent[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const date = formatLongDate(day, pageDefinitions().timeZone, language);

  return (
    <section className="kassa-calendar__day" aria-labelledby="calendar-day-heading">
      <h2 id="calendar-day-heading" className="kassa-calendar__day-heading">
        {date}
      </h2>
      <p className="kassa-calendar__count" role="status">
        {events.length > 0
          ? t('calendar.events_on_day', { count: events.length, date })
          : t('calendar.no_events')}
      </p>
      {events.length > 0 && (
        <ul className="kassa-calendar__events">
          {events.map((event) => (
            <li key={event.key}>
              <CalendarEventCard event={event} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
