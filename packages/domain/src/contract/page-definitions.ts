/**
 * Page definitions: the settings the server injects into index.html as JSON
 * (decision 0003) in
 *   <script type="application/json" id="kassa-page-definitions">…</script>
 * and the storefront reads at start, before any API call.
 */
import { z } from 'zod';
import { text } from './text.ts';

export const PAGE_DEFINITIONS_ELEMENT_ID = 'kassa-page-definitions';

export const pageDefinitionsSchema = z.object({
  organisationName: text(),
  currency: text().default('EUR'),
  /** The shop's default language; the visitor's own choice overrides it. */
  language: text().default('en'),
  languages: z.array(text()).default(['en', 'nl', 'es', 'de', 'fr']),
  timeZone: text().default('Europe/Amsterdam'),
  dateFormat: text().default('DD-MM-YYYY'),
  /** Hex without '#'; the storefront falls back to 1abc9c. */
  themeColour: text().nullable().default(null),
  /** URL path of the shop's logo for the header; null shows the name only. */
  logo: text().nullable().default(null),
  captcha: z
    .object({ enabled: z.boolean(), challengeUrl: text() })
    .default({ enabled: false, challengeUrl: '/api/captcha/challenge' }),
  publishableKeys: z
    .object({ stripe: text().nullable(), paypalClientId: text().nullable() })
    .default({ stripe: null, paypalClientId: null }),
  sentryDsn: text().nullable().default(null),
  /** Base URL of the FAQ card illustrations. */
  illustrationsUrl: text().default('/illustrations'),
});
export type PageDefinitions = z.infer<typeof pageDefinitionsSchema>;
