import { describe, expect, it } from 'vitest';
import { codeHash } from './code-hash';
import { offlineScan } from './offline-scan';
import type { StoredList } from './offline-store';

const ticket = {
  order: '4821 0937 563',
  item: 0,
  upsells_handed_out: false,
  product: 'Zoo day',
  audience: 'Adult',
  date: '2026-06-10',
  start: '11:00',
  end: '12:00',
  upsells: [],
  order_admitted: 0,
  order_tickets: 2,
};
const noon = { date: '2026-06-10', time: '11:30', instant: new Date('2026-06-10T09:30:00Z') };

describe('offline admission against the hashed list', () => {
  it('hashes codes as the server does (SHA-256 hex of the trimmed code)', async () => {
    expect(await codeHash(' abc ')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('admits a listed ticket once, queues it, and answers already used on the next scan', async () => {
    const hash = await codeHash('SECRET-1');
    const list: StoredList = {
      day: '2026-06-10',
      generatedAt: '',
      tickets: { [hash]: { admitted: false, ticket } },
    };
    const first = offlineScan('SECRET-1', hash, list, [], noon, 'Door');
    expect(first.answer).toMatchObject({ result: 'VALID', ticket: { order_admitted: 1 } });
    expect(first.queued).toEqual({ code: 'SECRET-1', hash, scanned_at: noon.instant.toISOString() });
    const again = offlineScan('SECRET-1', hash, list, [first.queued!], noon, 'Door');
    expect(again).toEqual({
      answer: expect.objectContaining({
        result: 'ALREADY_USED',
        admitted: { at: noon.instant.toISOString(), by: 'Door' },
      }),
      queued: null,
    });
  });

  it("hands an order's extras out with its first ticket let in on the device, not with the others", async () => {
    const [first, second] = [await codeHash('PARK-1'), await codeHash('PARK-2')];
    const parking = { ...ticket, upsells: [{ title: 'Parking', quantity: 1 }] };
    const list: StoredList = {
      day: '2026-06-10',
      generatedAt: '',
      tickets: {
        [first]: { admitted: false, ticket: parking },
        [second]: { admitted: false, ticket: parking },
      },
    };
    const one = offlineScan('PARK-1', first, list, [], noon, 'Door');
    expect(one.answer.ticket).toMatchObject({ upsells_handed_out: false });
    const two = offlineScan('PARK-2', second, list, [one.queued!], noon, 'Door');
    expect(two.answer).toMatchObject({ result: 'VALID', ticket: { upsells_handed_out: true } });
    // Another order's ticket on the list has its own extras.
    const other = await codeHash('PARK-3');
    const withOther: StoredList = {
      ...list,
      tickets: {
        ...list.tickets,
        [other]: { admitted: false, ticket: { ...parking, order: '1111 2222 333' } },
      },
    };
    expect(offlineScan('PARK-3', other, withOther, [one.queued!], noon, 'Door').answer.ticket).toMatchObject({
      upsells_handed_out: false,
    });
  });

  it('refuses tickets let in before the download, outside their slot, or not on the list', async () => {
    const hash = await codeHash('SECRET-2');
    const admitted: StoredList = {
      day: '2026-06-10',
      generatedAt: '',
      tickets: { [hash]: { admitted: true, ticket } },
    };
    expect(offlineScan('SECRET-2', hash, admitted, [], noon, 'Door').answer.result).toBe('ALREADY_USED');
    const open: StoredList = { ...admitted, tickets: { [hash]: { admitted: false, ticket } } };
    const late = { ...noon, time: '12:01' };
    expect(offlineScan('SECRET-2', hash, open, [], late, 'Door')).toMatchObject({
      answer: { result: 'WRONG_SLOT' },
      queued: null,
    });
    expect(offlineScan('OTHER', await codeHash('OTHER'), open, [], noon, 'Door').answer.result).toBe(
      'UNKNOWN',
    );
  });
});
