import {
  addDays,
  type CollectionCalendar,
  collectionDates,
  daysBetween,
  type IsoDate,
  isCollectionDay,
  offDaysOf,
} from '@lending/domain';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/support/test-app';
import { rowsOf } from '../../db/sql';

/**
 * The database's collection calendar (`calendar_collects`, `calendar_days_upto`, `calendar_emi_day`
 * and the portfolio's forms of them, which skip the calendar for a loan collected every day) against
 * the domain's (`isCollectionDay`, `collectionDates`), on calendars the schedules meet: weekends and
 * odd weekdays off, a single collection day a week, holidays across a month's and a year's end and on
 * a leap day, holidays on off-days, before the start or named twice, starts on an off-day or a holiday.
 */
const { database, drop } = await openTestDatabase();
afterAll(drop);
const db = database.db;

// Off: none; Sunday; Saturday; the weekend; Monday, Wednesday and Friday; all but Tuesday and Friday.
const MASKS = [0, 1, 64, 65, 42, 91];
const HOLIDAY_SETS: IsoDate[][] = [
  [],
  ['2028-01-31', '2028-02-01'],
  ['2028-02-28', '2028-02-29', '2028-03-01'],
  ['2028-02-27', '2028-02-29', '2028-02-29', '2028-03-31', '2028-04-01', '2028-01-02'],
  ['2028-12-30', '2028-12-31', '2029-01-01'],
];
// Saturday 29 January 2028 to Wednesday 1 March, and a year's last day: every weekday starts once.
const STARTS: IsoDate[] = [
  '2028-01-29',
  '2028-01-30',
  '2028-01-31',
  '2028-02-28',
  '2028-02-29',
  '2028-03-01',
  '2028-12-31',
];
const INSTALMENTS = 45;

type Case = { id: number; start: IsoDate; mask: number; skipped: IsoDate[]; calendar: CollectionCalendar };
const cases: Case[] = MASKS.flatMap((mask) =>
  HOLIDAY_SETS.flatMap((skipped) =>
    STARTS.map((start) => ({
      start,
      mask,
      skipped,
      calendar: { offDays: offDaysOf(mask), holidays: new Set(skipped) },
    })),
  ),
).map((c, id) => ({ ...c, id }));

/** The cases as a relation `c(id, start, mask, skipped)` for one query over all of them. */
const casesSql = sql`(select x.id, x.start, x.mask, array(select jsonb_array_elements_text(x.skipped)::date) as skipped
  from jsonb_to_recordset(${JSON.stringify(cases.map(({ id, start, mask, skipped }) => ({ id, start, mask, skipped })))}::jsonb)
    as x(id integer, start date, mask integer, skipped jsonb)) c`;

/** Every day from three before the start to three after the last instalment, with the domain's answers. */
const daysOf = (c: Case) => {
  // A few dates past the last instalment, so the days after it count on.
  const dates = collectionDates(c.start, INSTALMENTS + 7, c.calendar);
  const last = dates[INSTALMENTS - 1] ?? c.start;
  return Array.from({ length: daysBetween(c.start, last) + 7 }, (_, i) => addDays(c.start, i - 3)).map(
    (day) => ({
      day,
      collects: isCollectionDay(day, c.calendar),
      upto: dates.filter((d) => d <= day).length,
      scheduled: day <= last,
    }),
  );
};

describe('the database’s collection calendar is the domain’s', () => {
  it('has the cases it means to have', () => {
    expect(cases.length).toBe(MASKS.length * HOLIDAY_SETS.length * STARTS.length);
    // A start on a holiday and one on an off-day are among them.
    expect(cases.some((c) => c.skipped.includes(c.start))).toBe(true);
    expect(cases.some((c) => c.calendar.offDays.length > 0 && !isCollectionDay(c.start, c.calendar))).toBe(
      true,
    );
  });

  it('dates instalment n on the n-th collection day from the start', async () => {
    const rows = rowsOf<{ id: number; n: number; emi: string; kept: string }>(
      await db.execute(sql`select c.id, n, calendar_emi_day(c.start, c.mask, c.skipped, n)::text as emi,
          portfolio_emi_day(c.start, c.mask, c.skipped, n)::text as kept
        from ${casesSql} cross join generate_series(1, ${INSTALMENTS}) n order by 1, 2`),
    );
    expect(rows.length).toBe(cases.length * INSTALMENTS);
    const differing = rows.filter((r) => {
      const c = cases[r.id] as Case;
      const expected = collectionDates(c.start, INSTALMENTS, c.calendar)[r.n - 1];
      return r.emi !== expected || r.kept !== expected;
    });
    expect(differing).toEqual([]);
  });

  it('counts the collection days up to a day, and tells a collection day, on every day around a schedule', async () => {
    const expected = new Map(
      cases.flatMap((c) => daysOf(c).map((d) => [`${c.id} ${d.day}`, `${d.collects} ${d.upto} ${d.upto}`])),
    );
    const rows = rowsOf<{ id: number; day: string; collects: boolean; upto: number; kept: number }>(
      await db.execute(sql`select c.id, d::date::text as day, calendar_collects(d::date, c.mask, c.skipped) as collects,
          calendar_days_upto(c.start, c.mask, c.skipped, d::date) as upto,
          portfolio_days_dated(c.start, c.mask, c.skipped, d::date) as kept
        from ${casesSql} cross join lateral generate_series(c.start - 3,
          calendar_emi_day(c.start, c.mask, c.skipped, ${INSTALMENTS}) + 3, interval '1 day') d`),
    );
    expect(rows.length).toBe(expected.size);
    const differing = rows.filter(
      (r) => expected.get(`${r.id} ${r.day}`) !== `${r.collects} ${Number(r.upto)} ${Number(r.kept)}`,
    );
    expect(differing).toEqual([]);
  });

  it('walks a loan’s collection days between two days as the domain dates its instalments', async () => {
    const rows = rowsOf<{ id: number; days: string[] }>(
      await db.execute(sql`select c.id, array(select k::text from portfolio_collection_days(c.start - 3,
          calendar_emi_day(c.start, c.mask, c.skipped, ${INSTALMENTS}), c.mask, c.skipped) k) as days
        from ${casesSql} order by 1`),
    );
    const differing = rows.filter((r) => {
      const c = cases[r.id] as Case;
      const walked = daysOf(c).filter((d) => d.collects && d.scheduled);
      return JSON.stringify(r.days) !== JSON.stringify(walked.map((d) => d.day));
    });
    expect(differing).toEqual([]);
  });
});
