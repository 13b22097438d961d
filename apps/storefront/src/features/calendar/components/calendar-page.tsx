import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Loading } from '@/components/ui/loading';
import { pageDefinitions } from '@/lib/page-definitions';
import { useCalendarEvents } from '../hooks/use-calendar-events';
import { firstEventDay } from '../utils/calendar-events';
import { calendarWindow } from '../utils/calendar-window';
import { CalendarPicker } from './calendar-picker';
import { DayEvents } from './day-events';
import './calendar-page.css';

/**
 * /calendar (docs/storefront.md §2.18): a Monday-first picker over today to 60
 * days ahead in the organisation's zone, with dots on days with events, and
 * the chosen day's events beside it. Opens on the first day with events.
 */
export function CalendarPage() {
  const { t } = useTranslation();
  const { timeZone, organisationName } = pageDefinitions();
  // Fixed for the visit: the window does not move if the page stays open past midnight.
  const [span] = useState(() => calendarWindow(timeZone));
  const { loading, days } = useCalendarEvents(span);
  const [chosen, setChosen] = useState<string | null>(null);
  const eventDays = useMemo(() => [...days.keys()], [days]);

  const title = (
    <>
      <title>{`${t('calendar.title')} – ${organisationName}`}</title>
      <h1>{t('calendar.title')}</h1>
    </>
  );
  if (loading) {
    return (
      <section className="kassa-page kassa-calendar">
        {title}
        <Loading label={t('calendar.loading')} />
      </section>
    );
  }

  const selected = chosen ?? firstEventDay(days, span);
  return (
    <section className="kassa-page kassa-calendar">
      {title}
      <p className="kassa-calendar__intro">{t('calendar.intro')}</p>
      <div className="kassa-calendar__layout">
        <div className="kassa-calendar__picker-box">
          <CalendarPicker span={span} eventDays={eventDays} selected={selected} onSelect={setChosen} />
          <p className="kassa-calendar__legend">
            <span className="kassa-calendar__legend-dot" aria-hidden="true" />
            {t('calendar.legend')}
          </p>
        </div>
        <DayEvents day={selected} events={days.get(selected) ?? []} />
      </div>
    </section>
  );
}
