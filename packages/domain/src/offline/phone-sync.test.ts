import { describe, expect, it } from 'vitest';
import { isLastSyncedInBounds, laterSync } from './phone-sync';

const now = new Date('2026-11-21T06:30:00Z');

describe("a phone's sync report", () => {
  it('takes a last sync time up to the clock skew ahead, any time before, and refuses the rest', () => {
    expect(isLastSyncedInBounds(new Date('2026-11-21T06:35:00Z'), now)).toBe(true);
    expect(isLastSyncedInBounds(new Date('2026-11-01T00:00:00Z'), now)).toBe(true);
    expect(isLastSyncedInBounds(new Date('2026-11-21T06:35:01Z'), now)).toBe(false);
    expect(isLastSyncedInBounds(new Date('not a date'), now)).toBe(false);
  });

  it('never moves the last sync back', () => {
    const early = new Date('2026-11-21T05:00:00Z');
    const late = new Date('2026-11-21T06:00:00Z');
    expect(laterSync(late, early)).toBe(late);
    expect(laterSync(early, late)).toBe(late);
    expect(laterSync(null, early)).toBe(early);
    expect(laterSync(late, null)).toBe(late);
    expect(laterSync(null, null)).toBeNull();
  });
});
