import type { ProductDetail } from '@kassa/domain/contract/catalog';
import type { Plot } from '@kassa/domain/contract/plots';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { todayIn } from '@/lib/format-date';
import { initI18n } from '@/lib/i18n';
import { aProduct } from '@/testing/catalog-fixtures';
import { PlotStep } from './plot-step';

beforeAll(async () => {
  await initI18n('en');
});

const zone = 'Europe/Amsterdam';

/** The shop's day `days` after today, as YYYY-MM-DD. */
function day(days: number): string {
  const [year, month, date] = todayIn(zone).split('-').map(Number);
  const next = new Date(Date.UTC(year!, month! - 1, date! + days));
  return next.toISOString().slice(0, 10);
}

/**
 * Two days in a row from the day after tomorrow on, in one month: the
 * calendar shows the month of the chosen day, so a test that looks at both
 * days must not have them fall either side of a month's end.
 */
function twoDaysInOneMonth(): [string, string] {
  for (let days = 2; ; days += 1) {
    if (day(days).slice(0, 7) === day(days + 1).slice(0, 7)) return [day(days), day(days + 1)];
  }
}

function plot(overrides: Partial<Plot> & Pick<Plot, 'id' | 'date'>): Plot {
  return {
    time: { start: '10:00', end: '11:00' },
    price: 20,
    lowestTotalPrice: 40,
    availability: { amount: 10, percentage: 50 },
    maxOrdersReached: false,
    selectable: true,
    audiencePrices: [],
    ...overrides,
  };
}

const product: ProductDetail = {
  ...aProduct({ id: 5, title: 'Canal cruise' }),
  options: { days: true, timeslots: true, audiences: false },
  settings: { show_end_time: true, show_availability: false },
  full: true,
  key_facts: [],
  audiences: [],
  cross_sells: [],
  upsell_count: 0,
  availability: null,
  plot: null,
};

describe('PlotStep', () => {
  it('chooses the first day with room that is not today and lists its slots with end times', () => {
    const offered = [
      plot({ id: 1, date: day(0), time: { start: '09:00', end: '10:00' } }),
      plot({ id: 2, date: day(2), time: { start: '14:00', end: '15:15' }, lowestTotalPrice: 40 }),
      plot({ id: 3, date: day(2), time: { start: '11:00', end: '12:15' }, lowestTotalPrice: 50 }),
    ];
    render(
      <PlotStep
        product={product}
        available={offered}
        offered={offered}
        chosen={null}
        timeZone={zone}
        onChoose={vi.fn()}
      />,
    );
    const slots = within(screen.getByRole('group', { name: 'Choose a time' })).getAllByRole('radio');
    expect(slots.map((slot) => slot.closest('label')?.textContent)).toEqual([
      '11:00 – 12:15€50.00Places available',
      '14:00 – 15:15€40.00Places available',
    ]);
  });

  it('hides slot prices when all slots cost the same, and hands the chosen slot on', async () => {
    const onChoose = vi.fn();
    const offered = [
      plot({ id: 2, date: day(3), time: { start: '14:00', end: null } }),
      plot({ id: 3, date: day(3) }),
    ];
    render(
      <PlotStep
        product={{ ...product, settings: { show_end_time: false, show_availability: false } }}
        available={offered}
        offered={offered}
        chosen={null}
        timeZone={zone}
        onChoose={onChoose}
      />,
    );
    const group = screen.getByRole('group', { name: 'Choose a time' });
    expect(group).not.toHaveTextContent('€');
    await userEvent.click(within(group).getByText('14:00'));
    expect(onChoose).toHaveBeenCalledWith(offered[0]);
  });

  it('disables days without room and labels each day with its lowest price', () => {
    const offered = [plot({ id: 2, date: day(2), lowestTotalPrice: 45 })];
    render(
      <PlotStep
        product={product}
        available={offered}
        offered={offered}
        chosen={null}
        timeZone={zone}
        onChoose={vi.fn()}
      />,
    );
    const chosenDay = screen.getByRole('button', { name: /from €45\.00, selected$/ });
    expect(chosenDay).toBeEnabled();
    const disabled = screen.getAllByRole('button').filter((button) => button.hasAttribute('disabled'));
    expect(disabled.length).toBeGreaterThan(0);
  });

  it('closes a day on which no slot fits the party, and says why', () => {
    // 2 tickets; the first day's only slot with places left has 1 (a sold-out one is not available at all).
    const [smallDay, roomyDay] = twoDaysInOneMonth();
    const small = plot({ id: 4, date: smallDay, availability: { amount: 1, percentage: 5 } });
    const roomy = plot({ id: 5, date: roomyDay });
    render(
      <PlotStep
        product={product}
        available={[small, roomy]}
        offered={[roomy]}
        chosen={null}
        timeZone={zone}
        onChoose={vi.fn()}
      />,
    );
    // The first day with room for the order is chosen, not the one that is too small.
    expect(screen.getByRole('button', { name: /selected$/ })).toHaveAccessibleName(
      expect.stringMatching(/from €40\.00, selected$/),
    );
    const tooSmall = document.querySelector<HTMLButtonElement>(`[data-day="${smallDay}"] button`);
    expect(tooSmall).toBeDisabled();
    expect(tooSmall).toHaveAccessibleName(expect.stringMatching(/not enough places for all your tickets$/));
    expect(
      screen.getByText('Dates with places left, but not enough for all your tickets, cannot be chosen.'),
    ).toBeInTheDocument();
  });

  it('prices a day by its lowest slot that can be booked', () => {
    const cheapButSmall = plot({
      id: 6,
      date: day(2),
      time: { start: '09:00', end: null },
      lowestTotalPrice: 30,
      availability: { amount: 1, percentage: 5 },
    });
    const bookable = plot({ id: 7, date: day(2), time: { start: '15:00', end: null }, lowestTotalPrice: 45 });
    render(
      <PlotStep
        product={product}
        available={[cheapButSmall, bookable]}
        offered={[bookable]}
        chosen={null}
        timeZone={zone}
        onChoose={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: /selected$/ })).toHaveAccessibleName(
      expect.stringMatching(/from €45\.00, selected$/),
    );
  });

  it('says so when the date the visitor came for has no slot that fits', () => {
    const small = plot({ id: 8, date: day(2), availability: { amount: 1, percentage: 5 } });
    const roomy = plot({ id: 9, date: day(4) });
    render(
      <PlotStep
        product={product}
        available={[small, roomy]}
        offered={[roomy]}
        chosen={small.id}
        timeZone={zone}
        onChoose={vi.fn()}
      />,
    );
    const message = screen.getByText(
      'No time slot on this date has room for your tickets. Please choose another date.',
    );
    expect(message).toHaveAttribute('role', 'status');
  });

  it('marks each slot with its availability class, in a tooltip the slot is described by', async () => {
    const offered = [
      plot({ id: 11, date: day(2), time: { start: '10:00', end: null } }),
      plot({
        id: 12,
        date: day(2),
        time: { start: '11:00', end: null },
        availability: { amount: 3, percentage: 10 },
      }),
      plot({
        id: 13,
        date: day(2),
        time: { start: '12:00', end: null },
        availability: { amount: null, percentage: null },
      }),
    ];
    render(
      <PlotStep
        product={product}
        available={offered}
        offered={offered}
        chosen={null}
        timeZone={zone}
        onChoose={vi.fn()}
      />,
    );
    const slots = within(screen.getByRole('group', { name: 'Choose a time' })).getAllByRole('radio');
    expect(slots[0]).toHaveAccessibleDescription('Places available');
    expect(slots[1]).toHaveAccessibleDescription('Few places left');
    expect(slots[2]).toHaveAccessibleDescription('Places available');
    // Not colour alone: each class has its own mark, and the text is a tooltip on hover and focus.
    const marks = slots.map((slot) => slot.closest('label')?.querySelector('.kassa-slot-availability'));
    expect(marks.map((mark) => mark?.className)).toEqual([
      'kassa-slot-availability kassa-slot-availability--high',
      'kassa-slot-availability kassa-slot-availability--medium',
      'kassa-slot-availability kassa-slot-availability--high',
    ]);
    expect(screen.getAllByRole('tooltip', { hidden: true }).map((tip) => tip.textContent)).toEqual([
      'Places available',
      'Few places left',
      'Places available',
    ]);
    // Escape hides the tooltip of the focused slot (it stays hidden until the slot is left).
    slots[1]!.focus();
    await userEvent.keyboard('{Escape}');
    expect(slots[1]!.closest('label')).toHaveAttribute('data-tip-hidden');
  });

  it('says there is no date with room when nothing is offered', () => {
    render(
      <PlotStep
        product={product}
        available={[]}
        offered={[]}
        chosen={null}
        timeZone={zone}
        onChoose={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('There are no dates with room for your tickets.');
  });

  it('shows a slot the shop closed with its reason, never as a choice', () => {
    const offered = [plot({ id: 1, date: day(2), time: { start: '09:00', end: '10:00' } })];
    const closed = plot({
      id: 2,
      date: day(2),
      time: { start: '14:00', end: '15:00' },
      selectable: false,
      closedReason: 'Storm warning',
    });
    render(
      <PlotStep
        product={product}
        available={offered}
        offered={offered}
        closed={[closed]}
        chosen={null}
        timeZone={zone}
        onChoose={vi.fn()}
      />,
    );
    expect(screen.getByText(/Closed on .* 14:00 – 15:00: Storm warning/)).toBeVisible();
    expect(screen.getAllByRole('radio')).toHaveLength(1);
  });
});
