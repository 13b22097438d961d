import type { Faq } from '@kassa/domain/contract/faq';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { faqQuestions } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';

/** Optional contact settings: a blank value is as absent as none. */
function present(value: string | null): string | null {
  return value && value.trim() ? value.trim() : null;
}

/**
 * The FAQ page's data (docs/storefront.md §3.16) in the request's language.
 * With the FAQ switched off the storefront shows /404, so no questions are sent
 * at all.
 */
export async function loadFaq(db: Db, ctx: ShopContext): Promise<Faq> {
  const { organisation } = ctx;
  const rows = organisation.faqEnabled
    ? await db
        .select({ question: faqQuestions.question, answer: faqQuestions.answer })
        .from(faqQuestions)
        .where(eq(faqQuestions.organisationId, organisation.id))
        .orderBy(asc(faqQuestions.sort), asc(faqQuestions.id))
    : [];
  return {
    faq_enabled: organisation.faqEnabled,
    questions: rows
      .map((row) => ({ question: ctx.text(row.question), answer: ctx.text(row.answer) }))
      .filter((entry) => entry.question !== ''),
    rebooking_allowed: organisation.rebookingAllowed,
    // The rebook page's entry secret is only handed out while rebooking is allowed.
    rebooking_secret: organisation.rebookingAllowed ? present(organisation.rebookingSecret) : null,
    phone_number: present(organisation.phoneNumber),
    email: present(organisation.email),
    whatsapp_url: present(organisation.whatsappUrl),
    opening_hours_url: present(organisation.openingHoursUrl),
  };
}
