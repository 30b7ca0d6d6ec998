import { describe, expect, it } from 'vitest';
import { istDayRange } from './day-range';

describe('istDayRange', () => {
  it('sends a day range as IST date-times', () => {
    expect(istDayRange('2026-11-01', '2026-11-21')).toEqual({
      startDate: '2026-11-01 00:00:00',
      endDate: '2026-11-21 23:59:59',
    });
    expect(istDayRange(null, null)).toEqual({});
  });
});
