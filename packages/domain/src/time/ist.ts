/** India has no daylight saving: Asia/Kolkata is always UTC+05:30. */
export const IST_OFFSET_MINUTES = 330;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date in Asia/Kolkata, 'YYYY-MM-DD'. */
export type IsoDate = string;

export const isIsoDate = (value: string): boolean => {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

const toEpochDay = (date: IsoDate): number => {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
};

const fromEpochDay = (day: number): IsoDate => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The Asia/Kolkata calendar date of an instant. */
export const istDateOf = (instant: Date): IsoDate =>
  new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The time of day of an instant in India, HH:MM (24-hour). */
export const istTimeOf = (instant: Date): string =>
  new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(11, 16);

export const addDays = (date: IsoDate, days: number): IsoDate => fromEpochDay(toEpochDay(date) + days);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: IsoDate, to: IsoDate): number => toEpochDay(to) - toEpochDay(from);

/** The UTC instant at which an Asia/Kolkata calendar day starts. */
export const istStartOfDay = (date: IsoDate): Date => new Date(toEpochDay(date) * DAY_MS - IST_OFFSET_MS);

/** 'DD-MM-YYYY', the loan table's date format. */
export const formatDdMmYyyy = (date: IsoDate): string => {
  const [y, m, d] = date.split('-');
  return `${d}-${m}-${y}`;
};

/** An instant as 'DD-MM-YYYY hh:mm AM' in Asia/Kolkata, as the report screens and their exports print it. */
export const formatIstMoment = (instant: Date): string => {
  const ist = new Date(instant.getTime() + IST_OFFSET_MS).toISOString();
  const hour = Number(ist.slice(11, 13));
  const hour12 = String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, '0');
  return `${formatDdMmYyyy(ist.slice(0, 10))} ${hour12}:${ist.slice(14, 16)} ${hour < 12 ? 'AM' : 'PM'}`;
};

/** An ISO moment of an API answer as `formatIstMoment` prints it: '-' when absent, as it came when unreadable. */
export const istMomentText = (value: string | null): string => {
  if (value === null) return '-';
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : formatIstMoment(new Date(time));
};

/** One source of "now" and "today" so that every rule reading the date can be pinned in tests. */
export type Clock = { now: () => Date; today: () => IsoDate };

/** A clock; `businessDate` pins "today" (IST) while moments keep the real time. */
export const createClock = (options: { businessDate?: IsoDate; now?: () => Date } = {}): Clock => {
  const now = options.now ?? (() => new Date());
  const { businessDate } = options;
  if (businessDate !== undefined && !isIsoDate(businessDate)) {
    throw new RangeError(`BUSINESS_DATE must be YYYY-MM-DD, got ${businessDate}`);
  }
  return { now, today: () => businessDate ?? istDateOf(now()) };
};
