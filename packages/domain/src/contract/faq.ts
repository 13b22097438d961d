/** GET /api/faq and POST /api/faq/mail (spec §3 FAQ, §5 Refund request). */
import { z } from 'zod';

export const faqSchema = z.object({
  faq_enabled: z.boolean(),
  questions: z.array(z.object({ question: z.string(), answer: z.string() })),
  rebooking_allowed: z.boolean(),
  /** Entry secret of the rebook page (/rebook/{secret}); null when rebooking is off. */
  rebooking_secret: z.string().nullable(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  whatsapp_url: z.string().nullable(),
  opening_hours_url: z.string().nullable(),
});
export type Faq = z.infer<typeof faqSchema>;
