import { formatRupees, WEEKDAY_TITLES, WEEKDAYS, type Weekday } from '@lending/domain';
import { displayPaise } from './format';

/** The week as a lender reads it: Monday first, Sunday last. */
export const LENDER_WEEK: readonly Weekday[] = [...WEEKDAYS.slice(1), 'sunday'];
const WEEK = LENDER_WEEK;

const short = (day: Weekday) => WEEKDAY_TITLES[day].slice(0, 3);

/**
 * The days a product collects, from its weekly off-days: 'Every day', 'Mon–Sat', 'Sat–Thu' (a run
 * across the weekend stays one run), 'Mon–Tue, Thu–Sat' (two runs), 'Mon' (one day).
 */
export const collectionDaysLabel = (offDays: readonly Weekday[]): string => {
  const off = (index: number) => offDays.includes(WEEK[(index + 7) % 7] as Weekday);
  if (!WEEK.some((_, index) => off(index))) return 'Every day';
  if (WEEK.every((_, index) => off(index))) return 'No day';
  // Start after an off-day, so a run over Sunday → Monday is not split in two.
  const start = WEEK.findIndex((_, index) => !off(index) && off(index - 1));
  const runs: Weekday[][] = [];
  for (let step = 0; step < 7; step += 1) {
    const index = start + step;
    if (off(index)) continue;
    const day = WEEK[index % 7] as Weekday;
    if (step > 0 && !off(index - 1)) runs.at(-1)?.push(day);
    else runs.push([day]);
  }
  return runs
    .map((run) => {
      const [first, last] = [run[0] as Weekday, run.at(-1) as Weekday];
      return run.length === 1 ? short(first) : `${short(first)}–${short(last)}`;
    })
    .join(', ');
};

/** 'Mon–Sat; holidays skipped': when a product's loans are collected. */
export const collectionCalendarLabel = (offDays: readonly Weekday[]): string =>
  `${collectionDaysLabel(offDays)}; holidays skipped`;

/** A rupee amount of a product's terms: '₹12', '₹12.50' (paise only when there are some). */
export const productRupees = (rupees: number): string => formatRupees(displayPaise(rupees), 'auto');

/** A product's EMI rule: '₹12 a day per ₹1,000', or 'Typed per loan' when it has none. */
export const emiRuleLabel = (emiPerThousand: number | null): string =>
  emiPerThousand === null ? 'Typed per loan' : `${productRupees(emiPerThousand)} a day per ₹1,000`;
