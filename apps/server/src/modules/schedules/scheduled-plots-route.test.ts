import { productScheduleSchema } from '@kassa/domain/contract/catalogue-schedule';
import { plotListSchema } from '@kassa/domain/contract/plots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudience, createOrganisation, createProduct } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { applyProductSchedule } from './apply-schedule.ts';

// Friday 26 March 2027 in Amsterdam; the clocks go forward in the night to Sunday 28.
const NOW = new Date('2027-03-26T09:00:00Z');

describe('plots generated from a schedule, as the storefront reads them', () => {
  let t: TestApp;
  let productId: number;
  let adult: number;

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    const organisation = await createOrganisation(t.db, { timeZone: 'Europe/Amsterdam' });
    productId = (
      await createProduct(t.db, organisation.id, { hasDays: true, hasTimeslots: true, showEndTime: true })
    ).id;
    adult = (await createAudience(t.db, { productId, priceCents: 1500 })).id;
    const schedule = productScheduleSchema.parse({
      window_days: 4,
      rules: [
        {
          slots: [
            { start: '01:30', minutes: 60 },
            { start: '02:30', minutes: 60 },
            { start: '10:00', minutes: 90, price: { kind: 'AUDIENCE', audiences: { adult: 21 } } },
          ],
          capacity: 8,
        },
      ],
    });
    await t.db.transaction((tx) =>
      applyProductSchedule(tx, productId, schedule, '2027-03-26', { audienceIds: { adult }, now: NOW }),
    );
  });
  afterAll(() => t.close());

  it('serves wall-clock times across the spring change, with the AUDIENCE price per audience', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/products/${productId}/plots` });
    expect(response.statusCode, response.body).toBe(200);
    const plots = plotListSchema.parse(response.json());
    expect(plots.map((plot) => `${plot.date} ${plot.time.start}-${plot.time.end}`)).toEqual([
      '2027-03-26 01:30-02:30',
      '2027-03-26 02:30-03:30',
      '2027-03-26 10:00-11:30',
      '2027-03-27 01:30-02:30',
      '2027-03-27 02:30-03:30',
      '2027-03-27 10:00-11:30',
      '2027-03-28 01:30-03:30',
      '2027-03-28 03:30-04:30',
      '2027-03-28 10:00-11:30',
      '2027-03-29 01:30-02:30',
      '2027-03-29 02:30-03:30',
      '2027-03-29 10:00-11:30',
    ]);
    const ten = plots.find((plot) => plot.date === '2027-03-28' && plot.time.start === '10:00')!;
    expect(ten.audiencePrices).toEqual([{ audience: adult, price: 21 }]);
  });
});
