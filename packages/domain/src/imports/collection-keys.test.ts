import { describe, expect, it } from 'vitest';
import {
  type CollectionKeyInput,
  collectionKeyer,
  collectionMatchKeys,
  collectionRowText,
  importCollectionMessages,
} from './collection-keys';

const row = (change: Partial<CollectionKeyInput> = {}): CollectionKeyInput => ({
  loanText: 'LN000001',
  amount: 12_000,
  date: '2026-11-20',
  mode: 'cash',
  utr: null,
  collectedBy: 7,
  ...change,
});
// A readable stand-in for the server's hash: the text itself.
const same = (text: string) => text;

describe('collectionMatchKeys', () => {
  it('keys a row with a reference by the reference alone, compared as references are', () => {
    expect(
      collectionMatchKeys(
        [row({ utr: ' upi 123 ' }), row({ utr: 'UPI  9', amount: 1, loanText: 'x' })],
        same,
      ),
    ).toEqual(['utr:UPI 123', 'utr:UPI 9']);
  });

  it('keys a row without one by what it says: the same row gives the same key, any difference another', () => {
    const [plain] = collectionMatchKeys([row()], same);
    expect(plain).toBe(`row:${collectionRowText(row())}:1`);
    expect(collectionMatchKeys([row({ loanText: ' ln000001 ' })], same)).toEqual([plain]);
    for (const change of [
      { loanText: 'LN000002' },
      { amount: 12_001 },
      { date: '2026-11-21' },
      { mode: 'upi' as const },
      { collectedBy: null },
    ])
      expect(collectionMatchKeys([row(change)], same)).not.toEqual([plain]);
  });

  it('counts identical rows of one upload, so two genuine payments are two keys and a re-upload the same two', () => {
    const rows = [row(), row({ amount: 5_000 }), row(), row({ utr: 'A1' })];
    const keys = collectionMatchKeys(rows, same);
    expect(keys[0]).toMatch(/:1$/);
    expect(keys[2]).toMatch(/:2$/);
    expect(new Set(keys).size).toBe(4);
    expect(collectionMatchKeys(rows, same)).toEqual(keys);
    // A later sheet repeating the first row once more adds one new key only.
    const later = collectionMatchKeys([...rows, row()], same);
    expect(later.filter((key) => !keys.includes(key))).toEqual([`row:${collectionRowText(row())}:3`]);
  });

  it('keys rows one batch at a time exactly as the whole upload at once', () => {
    const rows = [row(), row({ utr: 'A1' }), row(), row({ amount: 5_000 }), row(), row({ utr: ' a1 ' })];
    const keyOf = collectionKeyer(same);
    const inBatches = [rows.slice(0, 2), rows.slice(2, 5), rows.slice(5)].flatMap((batch) =>
      batch.map(keyOf),
    );
    expect(inBatches).toEqual(collectionMatchKeys(rows, same));
    expect(inBatches[5]).toBe(inBatches[1]);
  });
});

describe('importCollectionMessages.matched', () => {
  it('says where the money went: EMIs paid, credit held, or both', () => {
    expect(importCollectionMessages.matched('LN000001', { emis: 2, paid: 24_000, held: 5_000 })).toBe(
      '₹290.00 recorded on LN000001; 2 EMIs paid (₹240.00); ₹50.00 held as credit',
    );
    expect(importCollectionMessages.matched('LN000001', { emis: 1, paid: 12_000, held: 0 })).toBe(
      '₹120.00 recorded on LN000001; 1 EMI paid (₹120.00)',
    );
    expect(importCollectionMessages.matched('LN000001', { emis: 0, paid: 0, held: 5_000 })).toBe(
      '₹50.00 recorded on LN000001; ₹50.00 held as credit',
    );
  });
});
