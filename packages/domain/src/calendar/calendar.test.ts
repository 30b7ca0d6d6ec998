import { describe, expect, it } from 'vitest';
import {
  type CollectionCalendar,
  collectionDates,
  collectionEndDate,
  EVERY_DAY,
  isCollectionDay,
  movesForHoliday,
  weekdayOf,
} from './calendar';
import { nationalHolidays } from './national-holidays';

const sundaysOff = (holidays: string[] = []): CollectionCalendar => ({
  offDays: ['sunday'],
  holidays: new Set(holidays),
});

describe('the collection calendar', () => {
  it('knows the day of the week, across a leap day', () => {
    expect(weekdayOf('2026-11-29')).toBe('sunday');
    expect(weekdayOf('2028-02-29')).toBe('tuesday');
    expect(() => weekdayOf('2027-02-29')).toThrow(RangeError);
  });

  it('keeps the every-day rule for a loan without a product: EMI n on start + n − 1', () => {
    expect(collectionDates('2026-11-29', 4, EVERY_DAY)).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(collectionEndDate('2026-12-30', 100, EVERY_DAY)).toBe('2027-04-08');
  });

  it('skips Sundays, across a month end and a year end', () => {
    // 2026-12-27 and 2027-01-03 are Sundays.
    expect(collectionDates('2026-12-26', 7, sundaysOff())).toEqual([
      '2026-12-26',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  it('skips consecutive holidays and a leap day that is one', () => {
    const calendar = sundaysOff(['2028-02-28', '2028-02-29', '2028-03-01']);
    // 2028-02-27 is a Sunday, then three holidays.
    expect(collectionDates('2028-02-26', 3, calendar)).toEqual(['2028-02-26', '2028-03-02', '2028-03-03']);
    expect(isCollectionDay('2028-02-29', calendar)).toBe(false);
  });

  it('starts on the next collection day when the start is a holiday or an off-day', () => {
    expect(collectionDates('2026-11-29', 2, sundaysOff())).toEqual(['2026-11-30', '2026-12-01']);
    expect(collectionDates('2026-10-02', 1, sundaysOff(['2026-10-02']))).toEqual(['2026-10-03']);
  });

  it('finds the next collection day of a loan collected one day a week past a holiday on it', () => {
    const sundaysOnly: CollectionCalendar = {
      offDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
      holidays: new Set(['2028-02-27']),
    };
    expect(collectionDates('2028-02-21', 2, sundaysOnly)).toEqual(['2028-03-05', '2028-03-12']);
  });

  it('refuses a calendar with no collection day in the week', () => {
    const never: CollectionCalendar = {
      offDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
      holidays: new Set(),
    };
    expect(() => collectionDates('2026-11-29', 1, never)).toThrow(RangeError);
  });
});

describe('movesForHoliday: a holiday declared after the loan exists', () => {
  // Monday 2026-11-30 to Saturday 2026-12-05, Sundays off: EMIs 1–6; EMI 4 (Thursday) was paid ahead.
  const startDate = '2026-11-30';
  const dates = collectionDates(startDate, 8, sundaysOff());
  const instalments = dates.map((date, i) => ({ emiNumber: i + 1, date, open: i + 1 !== 4 && i + 1 > 1 }));

  it('moves every open EMI from the holiday on by one collection day, and never a settled one', () => {
    const moves = movesForHoliday({ startDate, instalments }, '2026-12-02', sundaysOff());
    expect(moves).toEqual([
      { emiNumber: 3, from: '2026-12-02', to: '2026-12-03' },
      { emiNumber: 5, from: '2026-12-04', to: '2026-12-05' },
      { emiNumber: 6, from: '2026-12-05', to: '2026-12-07' },
      { emiNumber: 7, from: '2026-12-07', to: '2026-12-08' },
      { emiNumber: 8, from: '2026-12-08', to: '2026-12-09' },
    ]);
  });

  it('moves nothing for a holiday after the last EMI or on an off-day', () => {
    expect(movesForHoliday({ startDate, instalments }, '2026-12-20', sundaysOff())).toEqual([]);
    expect(movesForHoliday({ startDate, instalments }, '2026-12-06', sundaysOff())).toEqual([]);
  });
});

describe('nationalHolidays', () => {
  it('offers the three national holidays of each year asked, in date order', () => {
    expect(nationalHolidays([2027, 2026]).map((h) => h.date)).toEqual([
      '2026-01-26',
      '2026-08-15',
      '2026-10-02',
      '2027-01-26',
      '2027-08-15',
      '2027-10-02',
    ]);
  });
});
