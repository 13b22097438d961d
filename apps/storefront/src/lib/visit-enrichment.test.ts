import { enrichmentProblem } from '@kassa/domain/rules/enrichment';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  captureEnrichment,
  startVisit,
  visitEnrichment,
  VISIT_ENRICHMENT_KEY,
  type LandingPage,
} from './visit-enrichment';

const landing = (overrides: Partial<LandingPage> = {}): LandingPage => ({
  url: 'https://shop.example/product/2/light?utm_source=newsletter&utm_Medium=email&utm_campaign=spring&lang=nl',
  referrer: 'https://blog.example/museum-night',
  embedded: false,
  ancestorOrigin: null,
  ...overrides,
});

afterEach(() => sessionStorage.clear());

describe('captureEnrichment', () => {
  it('takes the landing page’s campaign tags, the page itself and an outside referrer', () => {
    expect(captureEnrichment(landing())).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      landing_page: '/product/2/light?utm_source=newsletter&utm_Medium=email&utm_campaign=spring&lang=nl',
      referrer: 'https://blog.example/museum-night',
    });
  });

  it('leaves out a referrer of the shop itself, and an empty one', () => {
    expect(captureEnrichment(landing({ referrer: 'https://shop.example/faq' }))).not.toHaveProperty(
      'referrer',
    );
    expect(captureEnrichment(landing({ referrer: '' }))).not.toHaveProperty('referrer');
  });

  it('names the embedding page in an iframe, where the referrer is that page', () => {
    const framed = captureEnrichment(
      landing({
        embedded: true,
        referrer: 'https://partner.example/tickets',
        ancestorOrigin: 'https://partner.example',
      }),
    );
    expect(framed).toMatchObject({ embedding_page: 'https://partner.example/tickets' });
    expect(framed).not.toHaveProperty('referrer');
    // A referrer policy that hides the page: the origin the browser gives is what is known.
    expect(
      captureEnrichment(landing({ embedded: true, referrer: '', ancestorOrigin: 'https://partner.example' })),
    ).toMatchObject({ embedding_page: 'https://partner.example' });
  });

  it('leaves out a tag or page the server could not store', () => {
    const page = landing({
      url: 'https://shop.example/?utm_source=%00&utm_medium=email',
      referrer: 'https://x.example/\u0000',
    });
    expect(captureEnrichment(page)).toEqual({
      utm_medium: 'email',
      landing_page: '/?utm_source=%00&utm_medium=email',
    });
  });

  it('keeps within the server’s bounds whatever the address holds (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom('utm_', 'UTM_', 'x'),
            fc.string(),
            fc.string({ unit: 'binary', maxLength: 400 }),
          ),
        ),
        fc.string({ unit: 'binary', maxLength: 3000 }),
        (params, referrer) => {
          const search = new URLSearchParams(params.map(([prefix, name, value]) => [prefix + name, value]));
          const page = landing({
            url: `https://shop.example/?${search.toString()}`,
            referrer: `https://x.example/${referrer}`,
          });
          expect(enrichmentProblem(captureEnrichment(page))).toBeNull();
        },
      ),
    );
  });
});

describe('the visit’s enrichment', () => {
  it('is captured on the first page and kept for the visit', () => {
    startVisit(landing());
    startVisit(
      landing({ url: 'https://shop.example/faq?utm_source=other', referrer: 'https://shop.example/' }),
    );
    expect(visitEnrichment()).toMatchObject({
      utm_source: 'newsletter',
      referrer: 'https://blog.example/museum-night',
    });
    expect(sessionStorage.getItem(VISIT_ENRICHMENT_KEY)).not.toBeNull();
  });

  it('is nothing before a visit started or when the stored entry is broken', () => {
    expect(visitEnrichment()).toBeUndefined();
    sessionStorage.setItem(VISIT_ENRICHMENT_KEY, '{"utm_source": 7}');
    expect(visitEnrichment()).toBeUndefined();
  });
});
