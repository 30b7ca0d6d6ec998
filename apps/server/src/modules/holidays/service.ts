import {
  type CollectionCalendar,
  holidayMessages,
  type IsoDate,
  isCollectionDay,
  nationalHolidays,
  offDaysOf,
  type THolidayDeclared,
  type THolidayPreview,
  type THolidayRequest,
  type THolidaysResponse,
  type THolidayToday,
  type THolidayView,
  type TNationalHolidaysResponse,
} from '@lending/domain';
import type { Executor } from '../../db/client';
import { type Actor, writeAudit } from '../../platform/audit';
import { retryConflicts } from '../../platform/conflict-retry';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict } from '../../platform/errors';
import { recordJob, sendRecordedJob } from '../jobs';
import { countMoves, sampleMoves } from './moves-repository';
import {
  deleteHoliday,
  findHoliday,
  type HolidayWithDeclarer,
  holidayDatesFrom,
  insertHoliday,
  isSkippedByAnyLoan,
  listHolidays,
  setHolidayJob,
} from './repository';

/** The preview lists this many moves; the counts cover every one. */
export const PREVIEW_SAMPLE = 20;

const toHolidayView = ({ holiday, declaredByName }: HolidayWithDeclarer): THolidayView => ({
  date: holiday.date,
  name: holiday.name,
  status: holiday.movedAt === null ? 'moving' : 'moved',
  loans_moved: holiday.loansMoved,
  emis_moved: holiday.emisMoved,
  job_id: holiday.jobId,
  declared_by_name: declaredByName,
  created_at: holiday.createdAt.toISOString(),
});

/**
 * The collection calendar of a loan made from a product whose weekly off-days are `offDays`, starting
 * on `startDate`: those off-days and every holiday declared from that day on.
 */
export const collectionCalendarOf = async (
  db: Executor,
  offDays: number,
  startDate: IsoDate,
): Promise<CollectionCalendar> => ({
  offDays: offDaysOf(offDays),
  holidays: new Set(await holidayDatesFrom(db, startDate)),
});

/** The holidays a schedule from `start` to `end` actually skips: those that fall on its collection days. */
export const skippedHolidays = (calendar: CollectionCalendar, start: IsoDate, end: IsoDate): IsoDate[] =>
  [...calendar.holidays]
    .filter((day) => day >= start && day <= end && isCollectionDay(day, { ...calendar, holidays: new Set() }))
    .sort();

/** The lender's holiday list: declared with a preview, moving open instalments of product loans. */
export const createHolidays = ({ db, clock }: AppDeps) => {
  const yearOf = (year: number | undefined) => year ?? Number(clock.today().slice(0, 4));

  /** A holiday is for today or later: a day already gone has been collected or missed. */
  const assertNotPast = (date: IsoDate) => {
    if (date < clock.today())
      throw new AppError('HOLIDAY_IN_PAST', 'A holiday can be declared only for today or a later day', {
        errors: [{ param: 'date', msg: 'Choose today or a later day' }],
      });
  };

  return {
    /** GET /holidays?year= */
    async list(year: number | undefined): Promise<THolidaysResponse> {
      const y = yearOf(year);
      return { holidays: (await listHolidays(db, `${y}-01-01`, `${y}-12-31`)).map(toHolidayView) };
    },

    /** GET /holidays/national?year=: the preset of that year and the next, marked when declared. */
    async national(year: number | undefined): Promise<TNationalHolidaysResponse> {
      const y = yearOf(year);
      const declared = new Set(
        (await listHolidays(db, `${y}-01-01`, `${y + 1}-12-31`)).map((h) => h.holiday.date),
      );
      return {
        holidays: nationalHolidays([y, y + 1]).map((h) => ({ ...h, declared: declared.has(h.date) })),
      };
    },

    /** GET /holidays/today: whether today's business day is a holiday. */
    async today(): Promise<THolidayToday> {
      const date = clock.today();
      const found = await findHoliday(db, date);
      return { date, holiday: found ? { name: found.holiday.name } : null };
    },

    /** POST /holidays/preview: what declaring would move; nothing is written. */
    async preview(input: THolidayRequest): Promise<THolidayPreview> {
      assertNotPast(input.date);
      if (await findHoliday(db, input.date))
        throw conflict('HOLIDAY_EXISTS', 'That day is already a holiday');
      const counts = await countMoves(db, input.date);
      return {
        date: input.date,
        name: input.name,
        ...counts,
        sample: await sampleMoves(db, input.date, PREVIEW_SAMPLE),
      };
    },

    /**
     * POST /holidays: the day, its audit row (with the preview's counts) and its `holiday.move` job in
     * one transaction; the job then moves the instalments it reaches, a few hundred loans at a time.
     * From this commit on, a loan made from a product skips the day.
     */
    async declare(actorId: number, input: THolidayRequest, actor: Actor): Promise<THolidayDeclared> {
      assertNotPast(input.date);
      const expected = await countMoves(db, input.date);
      const recorded = await retryConflicts(() =>
        db.transaction(async (tx) => {
          const added = await insertHoliday(tx, {
            date: input.date,
            name: input.name,
            declaredBy: actorId,
            createdAt: clock.now(),
          });
          if (!added) throw conflict('HOLIDAY_EXISTS', 'That day is already a holiday');
          await writeAudit(tx, actor, {
            action: 'holiday_declared',
            resourceType: 'holiday',
            resourceId: input.date,
            metadata: {
              date: input.date,
              name: input.name,
              loans_to_move: expected.loans,
              emis_to_move: expected.emis,
            },
          });
          const job = await recordJob(
            tx,
            { kind: 'holiday.move', key: input.date, payload: { date: input.date }, startedBy: actorId },
            db,
          );
          await setHolidayJob(tx, input.date, job.row.id);
          return job;
        }),
      );
      await sendRecordedJob(db, recorded);
      const saved = await findHoliday(db, input.date);
      if (!saved) throw new Error(`holiday ${input.date} vanished`);
      return { message: holidayMessages.declared, holiday: toHolidayView(saved) };
    },

    /**
     * DELETE /holidays/{date}: only a holiday no schedule skips: its job is done and moved nothing, and
     * no loan made since counts on it.
     */
    async remove(date: IsoDate, actor: Actor): Promise<{ message: string }> {
      return db.transaction(async (tx) => {
        const found = await findHoliday(tx, date);
        if (!found) throw new AppError('HOLIDAY_NOT_FOUND', 'That day is not on the holiday list');
        if (found.holiday.movedAt === null)
          throw conflict(
            'HOLIDAY_MOVED_EMIS',
            'This holiday is moving loans’ instalments, so it stays on the list',
          );
        if (found.holiday.loansMoved > 0 || (await isSkippedByAnyLoan(tx, date)))
          throw conflict(
            'HOLIDAY_MOVED_EMIS',
            'This holiday already moved loans’ instalments, so it stays on the list',
          );
        await deleteHoliday(tx, date);
        await writeAudit(tx, actor, {
          action: 'holiday_removed',
          resourceType: 'holiday',
          resourceId: date,
          metadata: { date, name: found.holiday.name },
        });
        return { message: holidayMessages.removed };
      });
    },
  };
};
