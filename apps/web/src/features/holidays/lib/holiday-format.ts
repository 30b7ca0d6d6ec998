import { formatDdMmYyyy, WEEKDAY_TITLES, weekdayOf } from '@lending/domain';

/** '26-01-2027 (Tue)': a holiday's day as the holiday screens print it. */
export const holidayDateLabel = (date: string): string =>
  `${formatDdMmYyyy(date)} (${WEEKDAY_TITLES[weekdayOf(date)].slice(0, 3)})`;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** '3 loans, 12 instalments': what a holiday moves (or moved) forward. */
export const movedLabel = (loans: number, emis: number): string =>
  `${plural(loans, 'loan', 'loans')}, ${plural(emis, 'instalment', 'instalments')}`;
