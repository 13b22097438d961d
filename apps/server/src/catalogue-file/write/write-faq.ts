import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema.ts';
import type { WriteContext } from './write-context.ts';

/** The FAQ: nothing refers to a question, so the list is written anew. */
export async function writeFaq(ctx: WriteContext, faq: CatalogueFile['faq']): Promise<void> {
  const { tx, organisationId } = ctx;
  await tx.delete(s.faqQuestions).where(eq(s.faqQuestions.organisationId, organisationId));
  if (faq.length)
    await tx.insert(s.faqQuestions).values(
      faq.map((q, sort) => ({
        organisationId,
        question: ctx.text(q.question),
        answer: ctx.text(q.answer),
        sort,
      })),
    );
}
