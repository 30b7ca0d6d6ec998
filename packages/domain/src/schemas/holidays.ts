import { z } from 'zod';
import { ZQuery } from './common';
import { ZCalendarDate, ZText } from './primitives';

export const HOLIDAY_NAME_MAX = 80;

/** The words the holiday screen and the server share. */
export const holidayMessages = {
  nameRequired: 'Holiday name is required',
  declared: 'Holiday declared',
  removed: 'Holiday removed',
  today: 'Holiday — no collections today',
} as const;

/** POST /holidays and POST /holidays/preview: the day and its name. */
export const ZHolidayRequest = z.object({
  date: ZCalendarDate(),
  name: ZText('name', { error: holidayMessages.nameRequired })
    .trim()
    .min(1, holidayMessages.nameRequired)
    .max(HOLIDAY_NAME_MAX, `Holiday name must be at most ${HOLIDAY_NAME_MAX} characters`),
});
export type THolidayRequest = z.infer<typeof ZHolidayRequest>;

/** `{date}` in holiday paths. */
export const ZHolidayDateParam = z.object({ date: ZCalendarDate() });

/**
 * Whether a declared holiday has moved every instalment it reaches: `moving` while its job works
 * through the loans (a few hundred at a time), `moved` once it is done.
 */
export const HOLIDAY_STATUSES = ['moving', 'moved'] as const;

/** One day on the lender's holiday list. */
export const ZHolidayView = z.object({
  date: z.string(),
  name: z.string(),
  status: z.enum(HOLIDAY_STATUSES),
  /** Loans whose pending instalments it moved so far, and those instalments. */
  loans_moved: z.number(),
  emis_moved: z.number(),
  /** The job moving them (the Jobs screen shows its progress). */
  job_id: z.number().nullable(),
  declared_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type THolidayView = z.infer<typeof ZHolidayView>;

/**
 * GET /holidays?year= and GET /holidays/national?year=: one calendar year (at most a holiday a day,
 * so a short list); absent: the year of today's business day.
 */
export const ZHolidaysQuery = ZQuery({
  year: z
    .string({ error: 'Year must be a year from 2000 to 2100' })
    .regex(/^\d{4}$/, 'Year must be a year from 2000 to 2100')
    .transform(Number)
    .refine((year) => year >= 2000 && year <= 2100, 'Year must be a year from 2000 to 2100')
    .optional(),
});
export const ZHolidaysResponse = z.object({ holidays: z.array(ZHolidayView) });
export type THolidaysResponse = z.infer<typeof ZHolidaysResponse>;

/** GET /holidays/national?year=: India's national holidays of that year and of the next, to confirm. */
export const ZNationalHolidaysResponse = z.object({
  holidays: z.array(z.object({ date: z.string(), name: z.string(), declared: z.boolean() })),
});
export type TNationalHolidaysResponse = z.infer<typeof ZNationalHolidaysResponse>;

/** An instalment a holiday moves, as the preview lists it. */
export const ZHolidayMove = z.object({
  loan_id: z.number(),
  loan_code: z.string(),
  customer_name: z.string(),
  emi_number: z.number(),
  from: z.string(),
  to: z.string(),
});

/**
 * POST /holidays/preview: what declaring the day would do, without doing it: how many loans and open
 * instalments move, and the first moves in loan order.
 */
export const ZHolidayPreview = z.object({
  date: z.string(),
  name: z.string(),
  loans: z.number(),
  emis: z.number(),
  sample: z.array(ZHolidayMove),
});
export type THolidayPreview = z.infer<typeof ZHolidayPreview>;

/** POST /holidays: the holiday as declared, with what it moved. */
export const ZHolidayDeclared = z.object({ message: z.string(), holiday: ZHolidayView });
export type THolidayDeclared = z.infer<typeof ZHolidayDeclared>;

/** GET /holidays/today: the holiday of today's business day, if it is one (the agent's dashboard). */
export const ZHolidayToday = z.object({
  date: z.string(),
  holiday: z.object({ name: z.string() }).nullable(),
});
export type THolidayToday = z.infer<typeof ZHolidayToday>;
