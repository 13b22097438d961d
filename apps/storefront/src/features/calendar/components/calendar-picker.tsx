import {
  DayPicker,
  type DateLib,
  type DayProps,
  type DateLibOptions,
  type DayPickerLocale,
  type Modifiers,
} from 'react-day-picker';
import { useMemo } from 'react';
import { de } from 'react-day-picker/locale/de';
import { enGB } from 'react-day-picker/locale/en-GB';
import { es } from 'react-day-picker/locale/es';
import { fr } from 'react-day-picker/locale/fr';
import { nl } from 'react-day-picker/locale/nl';
import { useTranslation } from '@/lib/use-translation';
import type { Language } from '@/lib/language';
import { useLanguage } from '@/lib/use-language';
import type { CalendarWindow } from '../utils/calendar-window';
import { pickerDate, pickerDay } from '../utils/picker-day';
import 'react-day-picker/style.css';

// en-GB rather than en-US: day-month order and Monday weeks, like the rest of the shop.
const LOCALES: Record<Language, DayPickerLocale> = { en: enGB, nl, es, de, fr };

interface CalendarPickerProps {
  span: CalendarWindow;
  /** Days (YYYY-MM-DD) that get a dot. */
  eventDays: readonly string[];
  selected: string;
  onSelect: (day: string) => void;
}

/**
 * A day's cell without the role="gridcell" react-day-picker writes on it:
 * a td of a table with role="grid" is a gridcell already, and HTML forbids
 * the role there (the W3C checker counts one error per day). The server
 * renders this page, so its HTML is checked as written (decision 0199).
 */
function DayCell({ day: _day, modifiers: _modifiers, role: _role, ...cell }: DayProps) {
  return <td {...cell} />;
}

/**
 * The inline, Monday-first day picker of docs/storefront.md §2.18. Arrow keys
 * move between days, Enter or Space picks one; days outside the window are
 * disabled and months outside it cannot be reached. Days with events carry a
 * dot, and say so to screen readers in their label.
 */
export function CalendarPicker({ span, eventDays, selected, onSelect }: CalendarPickerProps) {
  const { t } = useTranslation();
  const locale = LOCALES[useLanguage()];
  const from = pickerDate(span.from);
  const until = pickerDate(span.until);
  const baseLabel = locale.labels?.labelDayButton;
  // A lookup per day drawn: a list of dates is compared with every day of the month (decision 0280).
  const hasEvents = useMemo(() => {
    const days = new Set(eventDays);
    return (date: Date) => days.has(pickerDay(date));
  }, [eventDays]);

  // DayPicker passes its date library, which carries the locale: forwarded so the label stays translated.
  function labelDayButton(
    date: Date,
    modifiers: Modifiers,
    options?: DateLibOptions,
    dateLib?: DateLib,
  ): string {
    const label =
      typeof baseLabel === 'function' ? baseLabel(date, modifiers, options, dateLib) : date.toDateString();
    return modifiers.hasEvents ? t('calendar.day_with_events', { day: label }) : label;
  }

  return (
    <DayPicker
      className="kassa-calendar__picker"
      mode="single"
      required
      selected={pickerDate(selected)}
      onSelect={(date) => onSelect(pickerDay(date))}
      defaultMonth={pickerDate(selected)}
      startMonth={from}
      endMonth={until}
      today={from}
      disabled={[{ before: from }, { after: until }]}
      weekStartsOn={1}
      locale={locale}
      modifiers={{ hasEvents }}
      modifiersClassNames={{ hasEvents: 'kassa-calendar__day--events' }}
      labels={{ labelDayButton }}
      components={{ Day: DayCell }}
    />
  );
}
