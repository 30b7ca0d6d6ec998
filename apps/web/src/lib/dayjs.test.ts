import { describe, expect, it } from 'vitest';
import { inIst } from './dayjs';

describe('inIst', () => {
  it('shows a UTC moment as the time in India (UTC+05:30), across the date line', () => {
    expect(inIst('2026-12-07T18:45:10Z').format('DD-MM-YYYY HH:mm:ss')).toBe('08-12-2026 00:15:10');
    expect(inIst(Date.UTC(2026, 0, 1, 0, 0)).format('YYYY-MM-DD HH:mm')).toBe('2026-01-01 05:30');
  });

  it('starts the day at midnight in India, not in the browser’s zone', () => {
    expect(inIst('2026-12-07T20:00:00Z').startOf('day').toISOString()).toBe('2026-12-07T18:30:00.000Z');
  });
});
