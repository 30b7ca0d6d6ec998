import { describe, expect, it } from 'vitest';
import { isNearEnd, rowWindow } from './windowing';

describe('rowWindow', () => {
  it('draws the rows in view plus an overscan', () => {
    expect(rowWindow({ scrollTop: 0, viewportHeight: 400, rowHeight: 60, count: 100 })).toEqual({
      first: 0,
      last: 9,
      lastVisible: 6,
    });
    expect(rowWindow({ scrollTop: 600, viewportHeight: 400, rowHeight: 60, count: 100 })).toEqual({
      first: 7,
      last: 19,
      lastVisible: 16,
    });
    expect(rowWindow({ scrollTop: 99_999, viewportHeight: 400, rowHeight: 60, count: 20 }).lastVisible).toBe(
      19,
    );
    expect(rowWindow({ scrollTop: 0, viewportHeight: 400, rowHeight: 60, count: 0 })).toEqual({
      first: 0,
      last: -1,
      lastVisible: -1,
    });
  });

  it('is near the end within the given rows', () => {
    expect(isNearEnd(94, 100, 5)).toBe(true);
    expect(isNearEnd(93, 100, 5)).toBe(false);
    expect(isNearEnd(-1, 0, 5)).toBe(false);
  });
});
