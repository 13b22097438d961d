import { PAGE_DEFINITIONS_ELEMENT_ID, pageDefinitionsSchema } from '@kassa/domain/contract/page-definitions';
import { describe, expect, it } from 'vitest';
import { PAGE_DEFINITIONS_ID, parsePageDefinitions, readPageDefinitions } from './page-definitions';

describe('page definitions', () => {
  it('uses the element id of the contract', () => {
    expect(PAGE_DEFINITIONS_ID).toBe(PAGE_DEFINITIONS_ELEMENT_ID);
  });

  it.each([
    { organisationName: 'Zoo' },
    {
      organisationName: 'Museum',
      currency: 'GBP',
      language: 'nl',
      languages: ['nl', 'en'],
      timeZone: 'Europe/London',
      dateFormat: 'YYYY-MM-DD',
      themeColour: '336699',
      logo: '/media/logo.svg',
      captcha: { enabled: true, challengeUrl: '/api/captcha/challenge' },
      publishableKeys: { stripe: 'pk_test', paypalClientId: null },
      sentryDsn: 'https://key@sentry.example/1',
      illustrationsUrl: 'https://images.example',
    },
  ])('reads valid input exactly as the contract schema does (%#)', (input) => {
    expect(parsePageDefinitions(input)).toEqual(pageDefinitionsSchema.parse(input));
  });

  it('falls back to defaults for missing or mistyped values', () => {
    const parsed = parsePageDefinitions({ organisationName: 'Zoo', currency: 5, themeColour: 7 });
    expect(parsed.currency).toBe('EUR');
    expect(parsed.themeColour).toBeNull();
    expect(parsed.timeZone).toBe('Europe/Amsterdam');
  });

  it('reads the JSON the server put into the page and survives broken JSON', () => {
    const doc = document.implementation.createHTMLDocument('x');
    doc.head.innerHTML = `<script type="application/json" id="${PAGE_DEFINITIONS_ID}">{"organisationName":"Zoo","timeZone":"Asia/Tokyo"}</script>`;
    expect(readPageDefinitions(doc)).toMatchObject({ organisationName: 'Zoo', timeZone: 'Asia/Tokyo' });

    doc.head.innerHTML = `<script type="application/json" id="${PAGE_DEFINITIONS_ID}">{broken</script>`;
    expect(readPageDefinitions(doc).currency).toBe('EUR');
  });
});
