import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { ReadMore } from './read-more';

// jsdom does no layout: the test decides the content height and fires the
// ResizeObserver callbacks itself.
let contentHeight = 0;
let observers: (() => void)[] = [];

class FakeResizeObserver {
  constructor(private readonly callback: () => void) {
    observers.push(() => this.callback());
  }
  observe() {}
  disconnect() {}
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  observers = [];
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => contentHeight);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReadMore', () => {
  it('shows no toggle for content of 100 px or less', () => {
    contentHeight = 100;
    render(<ReadMore>Short text</ReadMore>);
    expect(screen.getByText('Short text')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('collapses taller content to 100 px and toggles read more / read less', async () => {
    contentHeight = 240;
    render(<ReadMore>Long text</ReadMore>);
    const content = screen.getByText('Long text');
    const toggle = screen.getByRole('button', { name: 'Read more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', content.id);
    expect(content.style.maxHeight).toBe('100px');

    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Read less' })).toHaveAttribute('aria-expanded', 'true');
    expect(content.style.maxHeight).toBe('');

    await userEvent.click(screen.getByRole('button', { name: 'Read less' }));
    expect(content.style.maxHeight).toBe('100px');
  });

  it('adds the toggle when a resize makes the content taller than the threshold', () => {
    contentHeight = 80;
    render(<ReadMore>Text that will wrap</ReadMore>);
    expect(screen.queryByRole('button')).toBeNull();
    contentHeight = 160;
    act(() => observers.forEach((notify) => notify()));
    expect(screen.getByRole('button', { name: 'Read more' })).toBeInTheDocument();
  });
});
