import type { Plot } from '@kassa/domain/contract/plots';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { aHome, aProduct } from '@/testing/catalog-fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { CalendarPage } from './calendar-page';

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  // 23:30 UTC is already the next day in the shop's zone (Europe/Amsterdam, the page definitions default).
  vi.useFakeTimers({ now: new Date('2026-11-22T23:30:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const WINDOW = 'filterFrom=2026-11-23&filterUntil=2027-01-22&orderingCol=date&orderingDir=asc';
const plotsPath = (id: number) => `/api/products/${id}/plots?${WINDOW}`;

function aPlot(overrides: Partial<Plot> & { id: number; date: string }): Plot {
  return {
    time: { start: null, end: null },
    price: 10,
    lowestTotalPrice: 10,
    availability: { amount: 20, percentage: 50 },
    maxOrdersReached: false,
    selectable: true,
    audiencePrices: [],
    ...overrides,
  };
}

const exhibition = aProduct({
  id: 2,
  title: 'Light and colour',
  slug: 'light-and-colour',
  description: 'An immersive exhibition. '.repeat(10),
  options: { days: true, timeslots: true, audiences: false },
});
const zoo = aProduct({
  id: 4,
  title: 'Zoo day',
  slug: 'zoo-day',
  options: { days: true, timeslots: false, audiences: false },
});
const flex = aProduct({ id: 8, title: 'Flex ticket', slug: 'flex-ticket' });

const answers = {
  '/api/home/products': aHome({ products: [exhibition, zoo, flex] }),
  [plotsPath(2)]: [
    aPlot({ id: 21, date: '2026-11-24', time: { start: '10:00', end: '11:30' }, lowestTotalPrice: 22.5 }),
    aPlot({
      id: 22,
      date: '2026-11-24',
      time: { start: '14:00', end: '15:30' },
      availability: { amount: 0, percentage: 0 },
    }),
  ],
  [plotsPath(4)]: [
    aPlot({
      id: 41,
      date: '2026-11-24',
      availability: { amount: null, percentage: null },
      lowestTotalPrice: 24,
    }),
    aPlot({ id: 42, date: '2026-11-26', selectable: false }),
  ],
};

const dayButton = (name: RegExp) => screen.getByRole('button', { name });

describe('CalendarPage', () => {
  it('fetches the plots of each dated product for today to 60 days ahead in the shop’s zone', async () => {
    const fetchMock = mockApi(answers);
    renderPage('/calendar', '/calendar', <CalendarPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the calendar');
    await screen.findByRole('heading', { level: 2 });

    const paths = fetchMock.mock.calls.map(([url]) => String(url));
    expect(paths.filter((path) => path.includes('/plots')).sort()).toEqual([plotsPath(2), plotsPath(4)]);
  });

  it('opens on the first day with events and lists them with time, title, preview, price and links', async () => {
    mockApi(answers);
    renderPage('/calendar', '/calendar', <CalendarPage />);

    const day = await screen.findByRole('region', { name: 'Tuesday, 24 November 2026' });
    expect(within(day).getByRole('status')).toHaveTextContent('2 events on Tuesday, 24 November 2026');
    const items = within(within(day).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Zoo day',
      'Light and colour',
    ]);

    const [allDay, slot] = items;
    expect(allDay).toHaveTextContent('All day');
    expect(allDay).toHaveTextContent('From €24.00');
    expect(slot).toHaveTextContent('10:00 – 11:30');
    expect(slot).toHaveTextContent('From €22.50');
    // A slot says how full it is, in words beside its mark (not colour alone); an all-day event does not.
    expect(slot).toHaveTextContent('Places available');
    expect(slot!.querySelector('.kassa-slot-availability--high')).not.toBeNull();
    expect(allDay).not.toHaveTextContent('Places available');
    // At most 140 characters, cut at a word boundary, one ellipsis (docs/storefront.md §2.18).
    expect(within(slot!).getByText(/^An immersive exhibition/).textContent).toBe(
      `${'An immersive exhibition. '.repeat(5)}An immersive…`,
    );
    // Both keep the chosen day and slot: the product flow preselects it (docs/storefront.md §2.18).
    expect(within(slot!).getByRole('link', { name: /^Add tickets/ })).toHaveAttribute(
      'href',
      '/product/2/light-and-colour?date=2026-11-24&plot=21',
    );
    expect(within(slot!).getByRole('link', { name: /^Checkout/ })).toHaveAttribute(
      'href',
      '/product/2/light-and-colour?date=2026-11-24&plot=21',
    );
    // The sold-out 14:00 slot is left out.
    expect(day).not.toHaveTextContent('14:00');
  });

  it('writes day cells without a role of their own: a cell of the grid is a gridcell already (valid HTML)', async () => {
    mockApi(answers);
    const { container } = renderPage('/calendar', '/calendar', <CalendarPage />);
    await screen.findByRole('region', { name: 'Tuesday, 24 November 2026' });
    expect(container.querySelector('table[role="grid"]')).not.toBeNull();
    expect(container.querySelectorAll('td').length).toBeGreaterThan(27);
    expect(container.querySelectorAll('td[role]')).toHaveLength(0);
    // What the cells said with the role stays on them.
    expect(container.querySelector('td[aria-selected="true"]')).not.toBeNull();
  });

  it('marks days with events, keeps days outside the window out of reach', async () => {
    mockApi(answers);
    renderPage('/calendar', '/calendar', <CalendarPage />);
    await screen.findByRole('region', { name: /24 November 2026/ });

    expect(dayButton(/24 November 2026.*has events/)).toHaveClass('rdp-day_button');
    // 26 November has only an unselectable plot: no dot.
    expect(dayButton(/26 November 2026$/)).toBeEnabled();
    // Today is the shop's 23 November; the 22nd is before the window.
    expect(dayButton(/Today, Monday, 23 November 2026/)).toBeEnabled();
    expect(dayButton(/22 November 2026/)).toBeDisabled();
    // Monday first (the weekday row is hidden from screen readers; each day's label names its weekday).
    expect(document.querySelector('.rdp-weekday')).toHaveTextContent(/^Mo/);
  });

  it('moves between days with the arrow keys and picks one with Enter', async () => {
    mockApi(answers);
    renderPage('/calendar', '/calendar', <CalendarPage />);
    await screen.findByRole('region', { name: /24 November 2026/ });

    dayButton(/24 November 2026/).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(dayButton(/25 November 2026/)).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const day = await screen.findByRole('region', { name: 'Wednesday, 25 November 2026' });
    expect(within(day).getByRole('status')).toHaveTextContent('Nothing is planned on this day');
    expect(within(day).queryByRole('list')).toBeNull();
  });

  it('logs a failed product list and shows an empty calendar', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      '/api/home/products': { status: 500, body: { ok: false, error: { code: 'INTERNAL_ERROR' } } },
    });
    renderPage('/calendar', '/calendar', <CalendarPage />);

    const day = await screen.findByRole('region', { name: 'Monday, 23 November 2026' }, { timeout: 5000 });
    expect(within(day).getByRole('status')).toHaveTextContent('Nothing is planned on this day');
    expect(logged).toHaveBeenCalledWith('Calendar: the products could not be loaded', expect.anything());
  });

  it('logs a product whose plots fail and still shows the others', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      ...answers,
      [plotsPath(2)]: { status: 500, body: { ok: false, error: { code: 'INTERNAL_ERROR' } } },
    });
    renderPage('/calendar', '/calendar', <CalendarPage />);

    const day = await screen.findByRole('region', { name: /24 November 2026/ }, { timeout: 5000 });
    expect(
      within(day)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Zoo day']);
    expect(logged).toHaveBeenCalledWith(
      'Calendar: the plots of product 2 could not be loaded',
      expect.anything(),
    );
  });
});
