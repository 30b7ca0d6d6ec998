import { describe, expect, it } from 'vitest';
import { formatIstMoment, istMomentText } from './ist';

describe('formatIstMoment', () => {
  it('prints an instant as DD-MM-YYYY hh:mm AM/PM in Asia/Kolkata, across the date line', () => {
    expect(formatIstMoment(new Date('2026-11-21T05:00:00Z'))).toBe('21-11-2026 10:30 AM');
    // 18:30 UTC is midnight of the next IST day; 06:30 UTC is noon.
    expect(formatIstMoment(new Date('2026-11-21T18:30:00Z'))).toBe('22-11-2026 12:00 AM');
    expect(formatIstMoment(new Date('2026-11-21T06:30:00Z'))).toBe('21-11-2026 12:00 PM');
    expect(formatIstMoment(new Date('2026-11-21T13:15:00Z'))).toBe('21-11-2026 06:45 PM');
  });
});

describe('istMomentText', () => {
  it('prints an answer’s moment so, a dash when absent and an unreadable one as it came', () => {
    expect(istMomentText('2026-11-21T05:00:00.000Z')).toBe('21-11-2026 10:30 AM');
    expect(istMomentText(null)).toBe('-');
    expect(istMomentText('soon')).toBe('soon');
  });
});
