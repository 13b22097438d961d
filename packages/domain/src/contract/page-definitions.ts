/**
 * Page definitions: the settings the server injects into index.html as JSON
 * (ARCHITECTURE §4) in
 *   <script type="application/json" id="kassa-page-definitions">…</script>
 * and the storefront reads at start, before any API call.
 */
import { z } from 'zod';

export const PAGE_DEFINITIONS_ELEMENT_ID = 'kassa-page-definitions';

export const pageDefinitionsSchema = z.object({
  organisationName: z.string(),
  currency: z.string().default('EUR'),
  /** The shop's default language; the visitor's own choice overrides it. */
  language: z.string().default('en'),
  languages: z.array(z.string()).default(['en', 'nl', 'es', 'de', 'fr']),
  timeZone: z.string().default('Europe/Amsterdam'),
  dateFormat: z.string().default('DD-MM-YYYY'),
  /** Hex without '#'; the storefront falls back to 1abc9c. */
  themeColour: z.string().nullable().default(null),
  captcha: z
    .object({ enabled: z.boolean(), challengeUrl: z.string() })
    .default({ enabled: false, challengeUrl: '/api/captcha/challenge' }),
  publishableKeys: z
    .object({ stripe: z.string().nullable(), paypalClientId: z.string().nullable() })
    .default({ stripe: null, paypalClientId: null }),
  sentryDsn: z.string().nullable().default(null),
  /** Base URL of the FAQ card illustrations. */
  illustrationsUrl: z.string().default('/illustrations'),
});
export type PageDefinitions = z.infer<typeof pageDefinitionsSchema>;
