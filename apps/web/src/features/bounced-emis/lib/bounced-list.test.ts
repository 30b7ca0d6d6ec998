import { describe, expect, it } from 'vitest';
import { bounceAgeDays, daysLabel } from './bounced-list';

describe('bounce age', () => {
  it('counts whole IST days since the bounce', () => {
    expect(bounceAgeDays('2026-11-18T20:00:00.000Z', '2026-11-21')).toBe(2);
    expect(bounceAgeDays('2026-11-21', '2026-11-21')).toBe(0);
    expect(bounceAgeDays('2026-11-25', '2026-11-21')).toBe(0);
    expect(daysLabel(1)).toBe('1 day');
    expect(daysLabel(3)).toBe('3 days');
  });
});
