import type { IsoDate } from '../time';

/**
 * India's three national holidays, the same date every year and observed in every state. Festival
 * holidays (Diwali, Holi, Eid, ...) move with the lunar calendar and differ by state: the lender adds
 * them to its holiday list itself.
 */
const NATIONAL_HOLIDAYS = [
  { monthDay: '01-26', name: 'Republic Day' },
  { monthDay: '08-15', name: 'Independence Day' },
  { monthDay: '10-02', name: 'Gandhi Jayanti' },
] as const;

/** A holiday as the lender's list holds it. */
export type Holiday = { date: IsoDate; name: string };

/** The national holidays of the years given, in date order: the preset an admin confirms. */
export const nationalHolidays = (years: readonly number[]): Holiday[] =>
  [...years]
    .sort((a, b) => a - b)
    .flatMap((year) =>
      NATIONAL_HOLIDAYS.map(({ monthDay, name }) => ({ date: `${year}-${monthDay}`, name })),
    );
