/** GET /api/faq and POST /api/faq/mail (docs/storefront.md §3.16, §5.3). */
import { z } from 'zod';
import { text } from './text.ts';

export const faqSchema = z.object({
  faq_enabled: z.boolean(),
  questions: z.array(z.object({ question: text(), answer: text() })),
  rebooking_allowed: z.boolean(),
  /** Entry secret of the rebook page (/rebook/{secret}); null when rebooking is off. */
  rebooking_secret: text().nullable(),
  phone_number: text().nullable(),
  email: text().nullable(),
  whatsapp_url: text().nullable(),
  opening_hours_url: text().nullable(),
});
export type Faq = z.infer<typeof faqSchema>;
