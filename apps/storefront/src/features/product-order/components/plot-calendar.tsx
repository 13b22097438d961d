import { createContext, useContext, useMemo } from 'react';
import { DayPicker, DayButton, type DayButtonProps } from 'react-day-picker';
import { de, enGB, es, fr, nl } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { useTranslation } from '@/lib/use-translation';
import { formatLongDate } from '@/lib/format-date';
import { dayCellMoney, formatMoney } from '@/lib/format-money';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import type { PlotDay } from '../utils/plot-days';

const LOCALES = { en: enGB, nl, es, de, fr };

/** Calendar days are plain dates: a local Date at midnight stands for YYYY-MM-DD. */
function isoOf(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

function dateOf(iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

interface CellInfo {
  days: Map<string, PlotDay>;
  showDots: boolean;
  money: (amount: number) => string;
}

const CellContext = createContext<CellInfo | null>(null);

/** A day button with the day's lowest total, or an availability dot (docs/storefront.md §2.6). */
function PricedDayButton({ children, ...props }: DayButtonProps) {
  const info = useContext(CellContext);
  const day = info?.days.get(isoOf(props.day.date));
  return (
    <DayButton {...props}>
      <span className="kassa-day__number">{children}</span>
      {day && info?.showDots && (
        <span className={`kassa-day__dot kassa-day__dot--${day.dot}`} aria-hidden="true" />
      )}
      {day && !info?.showDots && day.lowestTotal !== null && (
        <span className="kassa-day__price" aria-hidden="true">
          {info?.money(day.lowestTotal)}
        </span>
      )}
    </DayButton>
  );
}

interface PlotCalendarProps {
  days: PlotDay[];
  /** Closed days that have places left, but not enough for the order: their label says so. */
  tooSmall: ReadonlySet<string>;
  selected: string | null;
  showDots: boolean;
  onSelect: (date: string) => void;
}

/** Inline, Monday first, day view only; days without room for the order are disabled. */
export function PlotCalendar({ days, tooSmall, selected, showDots, onSelect }: PlotCalendarProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = pageDefinitions().currency;
  const byDate = useMemo(() => new Map(days.map((day) => [day.date, day])), [days]);
  const money = (amount: number) => formatMoney(amount, currency, language);
  // The cells are narrow on a phone: whole prices go without decimals there (the label keeps
  // them), but only when every day's price is whole, so one month never mixes "€75" and "€67.50";
  // and when a total is too long to stand beside its sign, the sign is said once above the month.
  const cellMoney = useMemo(
    () =>
      dayCellMoney(
        days.flatMap((day) => (day.lowestTotal === null ? [] : [day.lowestTotal])),
        currency,
        language,
      ),
    [days, currency, language],
  );
  const first = days[0]?.date;
  const last = days.at(-1)?.date;

  return (
    <CellContext.Provider value={{ days: byDate, showDots, money: cellMoney.format }}>
      {!showDots && cellMoney.currencyOutside && (
        <p className="kassa-plot-calendar__currency">
          {t('product.plot.prices_in', { currency: cellMoney.currencyOutside })}
        </p>
      )}
      <DayPicker
        className="kassa-plot-calendar"
        mode="single"
        required
        weekStartsOn={1}
        locale={LOCALES[language]}
        selected={selected ? dateOf(selected) : undefined}
        defaultMonth={selected ? dateOf(selected) : first ? dateOf(first) : undefined}
        startMonth={first ? dateOf(first) : undefined}
        endMonth={last ? dateOf(last) : undefined}
        disabled={(date: Date) => !byDate.has(isoOf(date))}
        onSelect={(date: Date | undefined) => date && onSelect(isoOf(date))}
        components={{ DayButton: PricedDayButton }}
        labels={{
          labelDayButton: (date: Date, modifiers) => {
            const iso = isoOf(date);
            const day = byDate.get(iso);
            const parts = [formatLongDate(iso, 'UTC', language)];
            if (day && showDots) parts.push(t(`product.plot.availability_${day.dot}`));
            else if (day && day.lowestTotal !== null)
              parts.push(t('product.plot.from', { price: money(day.lowestTotal) }));
            else if (tooSmall.has(iso)) parts.push(t('product.plot.too_small'));
            if (modifiers.selected) parts.push(t('product.plot.selected'));
            return parts.join(', ');
          },
        }}
      />
    </CellContext.Provider>
  );
}
