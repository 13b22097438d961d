import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import nl from './nl.json';
import { leaves, placeholders } from '@/lib/translation-parity';

describe('staff texts', () => {
  const english = leaves(en);
  it.each([
    ['nl', nl],
    ['es', es],
    ['de', de],
    ['fr', fr],
  ])('%s has exactly the keys and placeholders of en, translated', (_language, resources) => {
    const other = leaves(resources);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      expect(other.get(key)?.trim(), key).toBeTruthy();
      expect(placeholders(other.get(key) ?? ''), key).toEqual(placeholders(text));
    }
    expect(resources.result.VALID).not.toBe(en.result.VALID);
  });

  it('has a text for every scan result and order status the server answers', async () => {
    const { SCAN_RESULTS } = await import('@kassa/domain/contract/staff');
    const results: Record<string, string | undefined> = en.result;
    // A cancelled ticket's text is the refunds area's (decision 0236).
    for (const result of SCAN_RESULTS)
      expect(result === 'CANCELLED' ? en.refunds.result_cancelled : results[result], result).toBeTruthy();
  });

  it('has a text for every order status an order search can show', async () => {
    const { ORDER_STATUSES } = await import('@kassa/domain/rules/order-status');
    const status: Record<string, string | undefined> = en.status;
    for (const name of ORDER_STATUSES) expect(status[name], name).toBeTruthy();
  });
});
