import { describe, expect, it } from 'vitest';
import { formatIstMoment } from './ist';

describe('formatIstMoment', () => {
  it('prints an instant as DD-MM-YYYY hh:mm AM/PM in Asia/Kolkata, across the date line', () => {
    expect(formatIstMoment(new Date('2026-11-21T05:00:00Z'))).toBe('21-11-2026 10:30 AM');
    // 18:30 UTC is midnight of the next IST day; 06:30 UTC is noon.
    expect(formatIstMoment(new Date('2026-11-21T18:30:00Z'))).toBe('22-11-2026 12:00 AM');
    expect(formatIstMoment(new Date('2026-11-21T06:30:00Z'))).toBe('21-11-2026 12:00 PM');
    expect(formatIstMoment(new Date('2026-11-21T13:15:00Z'))).toBe('21-11-2026 06:45 PM');
  });
});
