import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createFaqQuestion } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * A route that fails in a way nobody foresaw (here the database refuses its
 * query) answers 500 with the one generic error body: no message, code,
 * table name or stack of the failure reaches the visitor; the log has it.
 */
describe('an unexpected error', () => {
  let t: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp({}, { logger: { level: 'error', stream } });
    const organisation = await createOrganisation(t.db);
    await createFaqQuestion(t.db, organisation.id);
  });
  afterAll(() => t.close());

  it('answers 500 with the generic body and nothing of the failure', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/faq' })).statusCode).toBe(200);
    await t.db.execute(sql`DROP TABLE faq_questions CASCADE`);

    const response = await t.app.inject({ method: 'GET', url: '/api/faq' });

    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toStrictEqual({
      ok: false,
      error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' },
    });
    for (const internal of ['faq_questions', 'relation', '42P01', 'stack', '.ts:', 'node_modules']) {
      expect(response.body).not.toContain(internal);
    }
    // What the visitor is not told is logged for whoever runs the shop.
    expect(logLines.join('')).toContain('faq_questions');
  });
});
