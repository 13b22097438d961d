/**
 * /staff/dashboard (managers; decisions 0262–0264): sales of a period with a
 * chart, its table and CSV; today per slot, refreshing by itself; the
 * coming 14 days as a heat map; no-shows; cancellations and refunds; gift
 * card credit. Loaded lazily with its chart library when a manager opens it.
 */
import {
  SALES_GROUPINGS,
  type NoShowRow,
  type OccupancyRow,
  type SalesGrouping,
  type SalesReport,
  type SalesRow,
} from '@kassa/domain/contract/staff-reports';
import { addCalendarDays } from '@kassa/domain/rules/wall-clock';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { formatMoney } from '@/lib/format-money';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import {
  useGiftCards,
  useNoShows,
  useOccupancy,
  useRefundReport,
  useSales,
  useTodayReport,
  type Period,
} from '../api/staff-reports';
import { useStaffText, type StaffText } from '../hooks/use-staff-text';
import { accountErrorText } from '../utils/account-texts';
import { BarChart } from './dashboard-chart';
import { countColumn, CsvLink, moneyColumn, ReportTable, type ReportColumn } from './report-table';
import './dashboard.css';

const PRESETS = [7, 30, 90] as const;
const HEAT_MAP_DAYS = 14;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function useMoney() {
  const language = useLanguage();
  const { currency } = pageDefinitions();
  return useCallback((cents: number) => formatMoney(cents / 100, currency, language), [currency, language]);
}

function useCount() {
  const language = useLanguage();
  return useCallback((value: number) => new Intl.NumberFormat(language).format(value), [language]);
}

/** A group's name as the manager reads it. */
function groupLabel(t: StaffText, row: Pick<SalesRow, 'key' | 'label'>): string {
  const { key, label } = row;
  if (key === 'direct') return t('dashboard.direct');
  if (key === 'none') return t('dashboard.no_coupon');
  if (key.startsWith('kind:'))
    return t(`dashboard.kinds.${key.slice(5).toLowerCase()}` as 'dashboard.kinds.upsell');
  if (key.startsWith('utm:')) return t('dashboard.campaign', { source: label ?? key.slice(4) });
  if (key.startsWith('ref:')) return t('dashboard.referrer', { host: label ?? key.slice(4) });
  return label ?? key;
}

/** Every day of the period, with no sales too, when rows are days. */
function filledRows(report: SalesReport): SalesRow[] {
  if (report.by !== 'day') return report.rows;
  const byKey = new Map(report.rows.map((row) => [row.key, row]));
  const rows: SalesRow[] = [];
  for (let day = report.from; day <= report.to; day = addCalendarDays(day, 1))
    rows.push(
      byKey.get(day) ?? {
        key: day,
        label: day,
        orders: 0,
        tickets: 0,
        gross_cents: 0,
        net_cents: 0,
        vat_cents: 0,
        refunds: 0,
        refunded_tickets: 0,
        refunded_gross_cents: 0,
        refunded_net_cents: 0,
        refunded_vat_cents: 0,
      },
    );
  return rows;
}

function PeriodForm({
  period,
  by,
  today,
  onShow,
}: {
  period: Period;
  by: SalesGrouping;
  today: string;
  onShow: (period: Period, by: SalesGrouping) => void;
}) {
  const t = useStaffText();
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [group, setGroup] = useState(by);
  const [problem, setProblem] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!DATE.test(from) || !DATE.test(to) || from > to) {
      setProblem(t('dashboard.bad_period'));
      return;
    }
    setProblem(null);
    onShow({ from, to }, group);
  }
  return (
    <form className="kassa-dashboard__form" onSubmit={submit} aria-label={t('dashboard.period')}>
      <div className="kassa-dashboard__presets" role="group" aria-label={t('dashboard.presets')}>
        {PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            className="kassa-button kassa-button--secondary"
            onClick={() => {
              const next = { from: addCalendarDays(today, 1 - days), to: today };
              setFrom(next.from);
              setTo(next.to);
              onShow(next, group);
            }}
          >
            {t('dashboard.last_days', { count: days })}
          </button>
        ))}
      </div>
      <label>
        {t('dashboard.from')}
        <input type="date" value={from} required onChange={(event) => setFrom(event.target.value)} />
      </label>
      <label>
        {t('dashboard.to')}
        <input type="date" value={to} required onChange={(event) => setTo(event.target.value)} />
      </label>
      <label>
        {t('dashboard.group_by')}
        <select value={group} onChange={(event) => setGroup(event.target.value as SalesGrouping)}>
          {SALES_GROUPINGS.map((grouping) => (
            <option key={grouping} value={grouping}>
              {t(`dashboard.groupings.${grouping}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="kassa-button">
        {t('dashboard.show')}
      </button>
      {problem && <Alert tone="danger">{problem}</Alert>}
    </form>
  );
}

function Figures({ items }: { items: [string, string][] }) {
  return (
    <dl className="kassa-dashboard__figures">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SalesSection({ report }: { report: SalesReport }) {
  const t = useStaffText();
  const money = useMoney();
  const count = useCount();
  const [asTable, setAsTable] = useState(false);
  const rows = useMemo(() => filledRows(report), [report]);
  const labels = useMemo(() => rows.map((row) => groupLabel(t, row)), [rows, t]);
  const series = useMemo(
    () => [
      {
        label: t('dashboard.col_gross'),
        values: rows.map((row) => row.gross_cents / 100),
        colour: '#2f6f9f',
      },
      {
        label: t('dashboard.col_refunded'),
        values: rows.map((row) => row.refunded_gross_cents / 100),
        colour: '#c0392b',
      },
    ],
    [rows, t],
  );
  const axisMoney = useCallback((value: number) => money(Math.round(value * 100)), [money]);
  const columns = useMemo<ReportColumn<SalesRow>[]>(
    () => [
      {
        key: 'group',
        header: t(`dashboard.groupings.${report.by}`),
        cell: (row) => groupLabel(t, row),
        csv: (row) => (row.key === 'total' ? 'total' : groupLabel(t, row)),
      },
      countColumn('orders', t('dashboard.col_orders'), (row) => row.orders, count),
      countColumn('tickets', t('dashboard.col_tickets'), (row) => row.tickets, count),
      moneyColumn('gross', t('dashboard.col_gross'), (row) => row.gross_cents, money),
      moneyColumn('net', t('dashboard.col_net'), (row) => row.net_cents, money),
      moneyColumn('vat', t('dashboard.col_vat'), (row) => row.vat_cents, money),
      countColumn('refunds', t('dashboard.col_refunds'), (row) => row.refunds, count),
      moneyColumn('refunded_gross', t('dashboard.col_refunded'), (row) => row.refunded_gross_cents, money),
      moneyColumn('refunded_vat', t('dashboard.col_refunded_vat'), (row) => row.refunded_vat_cents, money),
      moneyColumn(
        'balance',
        t('dashboard.col_balance'),
        (row) => row.gross_cents - row.refunded_gross_cents,
        money,
      ),
    ],
    [t, money, count, report.by],
  );
  const totals = report.totals;
  const top = rows.reduce<SalesRow | null>(
    (best, row) => (!best || row.gross_cents > best.gross_cents ? row : best),
    null,
  );
  const summary = t('dashboard.chart_summary', {
    grouping: t(`dashboard.groupings.${report.by}`),
    from: report.from,
    to: report.to,
    count: rows.length,
    gross: money(totals.gross_cents),
    refunded: money(totals.refunded_gross_cents),
    top: top && top.gross_cents > 0 ? groupLabel(t, top) : '—',
    top_gross: top ? money(top.gross_cents) : money(0),
  });
  const caption = t('dashboard.sales_caption', { from: report.from, to: report.to });
  return (
    <section className="kassa-dashboard__section" aria-labelledby="dashboard-sales">
      <h2 id="dashboard-sales">{t('dashboard.sales')}</h2>
      <p className="kassa-dashboard__note">{t('dashboard.sales_basis', { zone: report.time_zone })}</p>
      <Figures
        items={[
          [t('dashboard.col_gross'), money(totals.gross_cents)],
          [t('dashboard.col_net'), money(totals.net_cents)],
          [t('dashboard.col_vat'), money(totals.vat_cents)],
          [t('dashboard.col_orders'), count(totals.orders)],
          [t('dashboard.col_tickets'), count(totals.tickets)],
          [t('dashboard.col_refunded'), money(totals.refunded_gross_cents)],
        ]}
      />
      <div className="kassa-dashboard__views">
        <button
          type="button"
          className="kassa-button kassa-button--secondary"
          aria-pressed={asTable}
          onClick={() => setAsTable((value) => !value)}
        >
          {t('dashboard.table_view')}
        </button>
        <CsvLink
          columns={columns}
          rows={rows}
          fileName={`sales-${report.by}-${report.from}-${report.to}.csv`}
          label={t('dashboard.csv')}
        />
      </div>
      {asTable ? (
        <ReportTable
          caption={caption}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.key}
          footer={{ key: 'total', label: t('dashboard.total'), ...totals }}
        />
      ) : rows.length === 0 ? (
        <p>{t('dashboard.no_sales')}</p>
      ) : (
        <figure className="kassa-dashboard__figure">
          <BarChart labels={labels} series={series} formatValue={axisMoney} />
          <figcaption>{summary}</figcaption>
        </figure>
      )}
    </section>
  );
}

function occupancyColumns(t: StaffText, count: (value: number) => string): ReportColumn<OccupancyRow>[] {
  const limit = (value: number | null) => (value === null ? t('dashboard.unlimited') : count(value));
  return [
    {
      key: 'slot',
      header: t('dashboard.col_slot'),
      cell: (row) =>
        [
          row.start_time
            ? `${row.start_time}${row.end_time ? `–${row.end_time}` : ''}`
            : t('dashboard.all_day'),
          row.product,
        ].join(' · '),
      csv: (row) => `${row.date ?? ''} ${row.start_time ?? ''} ${row.product}`.trim(),
    },
    {
      key: 'capacity',
      header: t('dashboard.col_capacity'),
      cell: (row) => limit(row.capacity),
      csv: (row) => row.capacity ?? '',
      numeric: true,
    },
    countColumn('sold', t('dashboard.col_sold'), (row) => row.sold, count),
    countColumn('reserved', t('dashboard.col_reserved'), (row) => row.reserved, count),
    countColumn('admitted', t('dashboard.col_admitted'), (row) => row.admitted, count),
    {
      key: 'free',
      header: t('dashboard.col_free'),
      cell: (row) => limit(row.free),
      csv: (row) => row.free ?? '',
      numeric: true,
    },
  ];
}

function TodaySection() {
  const t = useStaffText();
  const count = useCount();
  const today = useTodayReport();
  const columns = useMemo(() => occupancyColumns(t, count), [t, count]);
  const data = today.data;
  return (
    <section className="kassa-dashboard__section" aria-labelledby="dashboard-today">
      <h2 id="dashboard-today">{t('dashboard.today')}</h2>
      {today.isError && <Alert tone="danger">{accountErrorText(t, today.error)}</Alert>}
      {!data && today.isPending && <Loading label={t('dashboard.loading')} />}
      {data && (
        <>
          <p className="kassa-dashboard__note">
            {t('dashboard.today_note', { date: data.date, time: data.at.slice(11, 16) })}
          </p>
          {data.plots.length === 0 ? (
            <p>{t('dashboard.no_slots')}</p>
          ) : (
            <ReportTable
              caption={t('dashboard.today_caption', { date: data.date })}
              columns={columns}
              rows={data.plots}
              rowKey={(row) => String(row.plot_id)}
            />
          )}
        </>
      )}
    </section>
  );
}

/** The share of a slot taken (sold and reserved), as a band the heat map colours. */
function band(row: OccupancyRow): number {
  if (!row.capacity) return 0;
  const share = (row.sold + row.reserved) / row.capacity;
  return share >= 1 ? 4 : share >= 0.75 ? 3 : share >= 0.5 ? 2 : share > 0 ? 1 : 0;
}

function HeatMapSection({ today }: { today: string }) {
  const t = useStaffText();
  const count = useCount();
  const period = useMemo(() => ({ from: today, to: addCalendarDays(today, HEAT_MAP_DAYS - 1) }), [today]);
  const occupancy = useOccupancy(period);
  const days = useMemo(
    () => Array.from({ length: HEAT_MAP_DAYS }, (_, index) => addCalendarDays(today, index)),
    [today],
  );
  const lines = useMemo(() => {
    const byLine = new Map<
      string,
      { product: string; time: string | null; plots: Map<string, OccupancyRow> }
    >();
    for (const plot of occupancy.data?.plots ?? []) {
      const key = `${plot.product_id}|${plot.start_time ?? ''}`;
      const line = byLine.get(key) ?? { product: plot.product, time: plot.start_time, plots: new Map() };
      line.plots.set(plot.date ?? '', plot);
      byLine.set(key, line);
    }
    return [...byLine.entries()].sort(
      ([, a], [, b]) => a.product.localeCompare(b.product) || (a.time ?? '').localeCompare(b.time ?? ''),
    );
  }, [occupancy.data]);
  const csvColumns = useMemo(() => occupancyColumns(t, count), [t, count]);
  return (
    <section className="kassa-dashboard__section" aria-labelledby="dashboard-heat">
      <h2 id="dashboard-heat">{t('dashboard.heat_map')}</h2>
      <p className="kassa-dashboard__note">{t('dashboard.heat_map_note')}</p>
      {occupancy.isError && <Alert tone="danger">{accountErrorText(t, occupancy.error)}</Alert>}
      {!occupancy.data && occupancy.isPending && <Loading label={t('dashboard.loading')} />}
      {occupancy.data && lines.length === 0 && <p>{t('dashboard.no_slots')}</p>}
      {occupancy.data && lines.length > 0 && (
        <>
          <CsvLink
            columns={csvColumns}
            rows={occupancy.data.plots}
            fileName={`occupancy-${period.from}-${period.to}.csv`}
            label={t('dashboard.csv')}
          />
          <div
            className="kassa-dashboard__scroll"
            role="region"
            aria-label={t('dashboard.heat_map')}
            tabIndex={0}
          >
            <table className="kassa-dashboard__table kassa-dashboard__heat">
              <caption>{t('dashboard.heat_caption', { from: period.from, to: period.to })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.col_slot')}</th>
                  {days.map((day) => (
                    <th key={day} scope="col">
                      {day.slice(5)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {lines.map(([key, line]) => (
                  <tr key={key}>
                    <th scope="row">{[line.time ?? t('dashboard.all_day'), line.product].join(' · ')}</th>
                    {days.map((day) => {
                      const plot = line.plots.get(day);
                      if (!plot)
                        return (
                          <td key={day} className="kassa-dashboard__heat-none">
                            –
                          </td>
                        );
                      const taken = plot.sold + plot.reserved;
                      return (
                        <td key={day} className={`kassa-dashboard__heat-${band(plot)}`}>
                          {plot.capacity
                            ? t('dashboard.heat_cell', { percent: Math.round((taken / plot.capacity) * 100) })
                            : count(taken)}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function NoShowSection({ period }: { period: Period }) {
  const t = useStaffText();
  const count = useCount();
  const noShows = useNoShows(period);
  const columns = useMemo<ReportColumn<NoShowRow>[]>(
    () => [
      {
        key: 'day',
        header: t('dashboard.col_day'),
        cell: (row) => `${row.date} · ${row.product}`,
        csv: (row) => `${row.date} ${row.product}`,
      },
      countColumn('sold', t('dashboard.col_sold'), (row) => row.sold, count),
      countColumn('admitted', t('dashboard.col_admitted'), (row) => row.admitted, count),
      countColumn('no_shows', t('dashboard.col_no_shows'), (row) => row.no_shows, count),
    ],
    [t, count],
  );
  const rows = noShows.data?.rows ?? [];
  return (
    <section className="kassa-dashboard__section" aria-labelledby="dashboard-no-shows">
      <h2 id="dashboard-no-shows">{t('dashboard.no_shows')}</h2>
      {noShows.isError && <Alert tone="danger">{accountErrorText(t, noShows.error)}</Alert>}
      {!noShows.data && noShows.isPending && <Loading label={t('dashboard.loading')} />}
      {noShows.data && rows.length === 0 && <p>{t('dashboard.nothing')}</p>}
      {rows.length > 0 && (
        <>
          <CsvLink
            columns={columns}
            rows={rows}
            fileName={`no-shows-${period.from}-${period.to}.csv`}
            label={t('dashboard.csv')}
          />
          <ReportTable
            caption={t('dashboard.no_shows_caption', { from: period.from, to: period.to })}
            columns={columns}
            rows={rows}
            rowKey={(row) => `${row.date}-${row.product_id}`}
          />
        </>
      )}
    </section>
  );
}

function RefundSection({ period }: { period: Period }) {
  const t = useStaffText();
  const money = useMoney();
  const count = useCount();
  const refunds = useRefundReport(period);
  type Row = NonNullable<typeof refunds.data>['rows'][number];
  const columns = useMemo<ReportColumn<Row>[]>(
    () => [
      { key: 'day', header: t('dashboard.col_day'), cell: (row) => row.date, csv: (row) => row.date },
      countColumn('cancellations', t('dashboard.col_cancellations'), (row) => row.cancellations, count),
      countColumn('items', t('dashboard.col_items'), (row) => row.items, count),
      moneyColumn('amount', t('dashboard.col_amount'), (row) => row.amount_cents, money),
      moneyColumn('open', t('dashboard.col_open'), (row) => row.open_cents, money),
    ],
    [t, money, count],
  );
  const data = refunds.data;
  return (
    <section className="kassa-dashboard__section" aria-labelledby="dashboard-refunds">
      <h2 id="dashboard-refunds">{t('dashboard.refunds')}</h2>
      {refunds.isError && <Alert tone="danger">{accountErrorText(t, refunds.error)}</Alert>}
      {!data && refunds.isPending && <Loading label={t('dashboard.loading')} />}
      {data && data.rows.length === 0 && <p>{t('dashboard.nothing')}</p>}
      {data && data.rows.length > 0 && (
        <>
          <Figures
            items={data.by_method.map((method) => [
              t(`dashboard.methods.${method.method}` as 'dashboard.methods.original'),
              `${count(method.cancellations)} · ${money(method.amount_cents)}`,
            ])}
          />
          <CsvLink
            columns={columns}
            rows={data.rows}
            fileName={`refunds-${period.from}-${period.to}.csv`}
            label={t('dashboard.csv')}
          />
          <ReportTable
            caption={t('dashboard.refunds_caption', { from: period.from, to: period.to })}
            columns={columns}
            rows={data.rows}
            rowKey={(row) => row.date}
          />
        </>
      )}
    </section>
  );
}

function GiftCardSection() {
  const t = useStaffText();
  const money = useMoney();
  const count = useCount();
  const cards = useGiftCards();
  const data = cards.data;
  return (
    <section className="kassa-dashboard__section" aria-labelledby="dashboard-gift-cards">
      <h2 id="dashboard-gift-cards">{t('dashboard.gift_cards')}</h2>
      {cards.isError && <Alert tone="danger">{accountErrorText(t, cards.error)}</Alert>}
      {data && (
        <Figures
          items={[
            [t('dashboard.outstanding'), money(data.outstanding_cents)],
            [t('dashboard.codes_with_credit'), count(data.codes_with_credit)],
            [t('dashboard.expiring'), money(data.expiring_cents)],
            ...data.expiring.map(
              (month) =>
                [
                  t('dashboard.expiring_month', { month: month.month }),
                  `${count(month.codes)} · ${money(month.balance_cents)}`,
                ] as [string, string],
            ),
          ]}
        />
      )}
    </section>
  );
}

/** /staff/dashboard: the manager's view. */
export function DashboardPage() {
  const t = useStaffText();
  const [params, setParams] = useSearchParams();
  const today = useTodayReport();
  const shopToday = today.data?.date ?? null;
  const from = params.get('from');
  const to = params.get('to');
  const byParam = params.get('by');
  const by: SalesGrouping = (SALES_GROUPINGS as readonly string[]).includes(byParam ?? '')
    ? (byParam as SalesGrouping)
    : 'day';
  const period: Period | null =
    from && to && DATE.test(from) && DATE.test(to) && from <= to
      ? { from, to }
      : shopToday
        ? { from: addCalendarDays(shopToday, -29), to: shopToday }
        : null;
  const sales = useSales(period, by);

  function show(next: Period, grouping: SalesGrouping) {
    setParams(new URLSearchParams({ from: next.from, to: next.to, by: grouping }));
  }

  return (
    <section className="kassa-staff__page kassa-dashboard">
      <title>{t('dashboard.title')}</title>
      <h1>{t('dashboard.title')}</h1>
      <p>{t('dashboard.intro')}</p>
      {!period && <Loading label={t('dashboard.loading')} />}
      {period && shopToday && (
        <PeriodForm
          key={`${period.from}|${period.to}|${by}`}
          period={period}
          by={by}
          today={shopToday}
          onShow={show}
        />
      )}
      {sales.isError && <Alert tone="danger">{accountErrorText(t, sales.error)}</Alert>}
      {period && !sales.data && sales.isPending && <Loading label={t('dashboard.loading')} />}
      {sales.data && <SalesSection report={sales.data} />}
      <TodaySection />
      {shopToday && <HeatMapSection today={shopToday} />}
      {period && <NoShowSection period={period} />}
      {period && <RefundSection period={period} />}
      <GiftCardSection />
    </section>
  );
}
