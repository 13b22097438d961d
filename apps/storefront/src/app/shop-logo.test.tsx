import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { parsePageDefinitions } from '@/lib/page-definitions';
import type * as PageDefinitionsModule from '@/lib/page-definitions';
import { ShopLogo } from './shop-logo';

const page = vi.hoisted(() => ({ raw: {} as Record<string, unknown> }));
vi.mock('@/lib/page-definitions', async (original) => {
  const actual = await original<typeof PageDefinitionsModule>();
  return { ...actual, pageDefinitions: () => actual.parsePageDefinitions(page.raw) };
});

describe('ShopLogo', () => {
  it('shows the logo of the page definitions as a decorative image with its size set', () => {
    page.raw = { organisationName: 'Museum', logo: '/media/logo.svg' };
    const { container } = render(<ShopLogo />);
    const image = container.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/media/logo.svg');
    expect(image.getAttribute('alt')).toBe('');
    expect(image.getAttribute('width')).toBe('40');
  });

  it('renders nothing for a shop without a logo', () => {
    page.raw = { organisationName: 'Museum' };
    expect(parsePageDefinitions(page.raw).logo).toBeNull();
    expect(render(<ShopLogo />).container.innerHTML).toBe('');
  });
});
