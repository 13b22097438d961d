import { faqQuestions } from '../db/schema.ts';
import type { SeedContext } from './context.ts';
import { faqTexts } from './texts/faq.ts';

export async function seedFaq({ tx, organisationId }: SeedContext): Promise<void> {
  await tx
    .insert(faqQuestions)
    .values(faqTexts.map(({ question, answer }, sort) => ({ organisationId, question, answer, sort })));
}
