import type { Paise } from '../money';
import { addDays, type IsoDate } from '../time';
import { isPaise } from './arith';
import { carryEntry, type LedgerEntry, LOAN_LEVEL_EMI, ledgerEntry, scheduleEntries } from './ledger';
import { generateSchedule, pendingEmi } from './schedule';
import type { Emi, LoanState, LoanStatus } from './types';

/** The terms a loan taken over from another book is scheduled by. */
export type OpeningTerms = { perDayEmi: Paise; totalEmiDays: number; startDate: IsoDate };

/**
 * Where a loan taken over from another book stands on the cut-over day (the import's `LoanRecord`):
 * EMIs 1 … `emisPaid` settled, `carriedDues` of their instalment money still owed, `partPaid` paid
 * towards the next EMI, `amountPaid` in all (= emisPaid × EMI − carriedDues + partPaid), late
 * charges still owed, and the day of the last payment.
 */
export type OpeningPosition = {
  status: 'approved' | 'closed' | 'default';
  emisPaid: number;
  amountPaid: Paise;
  carriedDues: Paise;
  partPaid: Paise;
  lateCharges: Paise;
  lastPaymentDate: IsoDate | null;
};

/**
 * The opening position as the book stores it, in a compact form a bulk writer can spread over
 * thousands of EMIs without listing them: EMIs 1 … `paidInFull` are `paid` (`full`) on their own
 * date or `paidBy` if earlier, each with one `opening` row of its amount; EMIs `writtenOffFrom` … the
 * last are `foreclosed`, each with one `written_off` row (cause `opening`) of its amount; `changed`
 * are the few other EMIs the position touched, as stored; every other EMI is pending. `entries` are
 * the rows beyond each EMI's `scheduled` row and those of the two ranges, in the order they are booked
 * after them. `openingLoanState` spreads it out.
 */
export type OpeningPlan = {
  status: LoanStatus;
  paidInFull: number;
  writtenOffFrom: number | null;
  /** The day the old book's payments reached at the latest: its last payment, else the cut-over day. */
  paidBy: IsoDate;
  changed: Emi[];
  entries: LedgerEntry[];
};

const minDate = (a: IsoDate, b: IsoDate): IsoDate => (a < b ? a : b);

/** Refuses a position that does not add up; the import's check refuses such rows first, so this is a bug. */
const assertPosition = (terms: OpeningTerms, position: OpeningPosition): void => {
  const { perDayEmi: emi, totalEmiDays: days } = terms;
  const { emisPaid, amountPaid, carriedDues, partPaid, lateCharges } = position;
  const paise = [amountPaid, carriedDues, partPaid, lateCharges].every((v) => isPaise(v) && v >= 0);
  const sound =
    paise &&
    isPaise(emi) &&
    emi > 0 &&
    Number.isSafeInteger(days) &&
    days > 0 &&
    Number.isSafeInteger(emisPaid) &&
    emisPaid >= 0 &&
    emisPaid <= days &&
    carriedDues <= emisPaid * emi &&
    partPaid < emi &&
    amountPaid === emisPaid * emi - carriedDues + partPaid &&
    amountPaid <= emi * days;
  if (!sound) throw new RangeError(`the opening position does not add up: ${JSON.stringify(position)}`);
  const running = position.status === 'approved';
  if (running && carriedDues > 0 && emisPaid === days)
    throw new RangeError('carried dues need an EMI after the last one paid');
  if (running && lateCharges > 0 && emisPaid === days)
    throw new RangeError('late charges need an EMI left open to hold them');
};

/**
 * A running loan's position: the shortfall of its paid EMIs (`carriedDues`) is taken from the latest
 * of them (each `partial`, its unpaid part carried to the first open EMI, as a part payment's is, but
 * without the 10% partial charge: that charge is this book's rule for a part payment made here);
 * money paid towards the next EMI leaves it `partial` the same way, or, when it is the last EMI (no
 * EMI follows to carry to), is held as the loan's credit; late charges still owed are a `charge` on
 * the first open EMI. Nothing left open closes the loan, as a last payment does.
 */
const runningPlan = (terms: OpeningTerms, position: OpeningPosition, paidBy: IsoDate): OpeningPlan => {
  const { perDayEmi: emi, totalEmiDays: days, startDate } = terms;
  const { emisPaid, carriedDues, partPaid, lateCharges } = position;
  const short = Math.ceil(carriedDues / emi);
  const partialNext = partPaid > 0 && emisPaid + 1 < days;
  const firstOpen = partialNext ? emisPaid + 2 : emisPaid + 1;
  const changed: Emi[] = [];
  const openings: LedgerEntry[] = [];
  const carries: LedgerEntry[] = [];
  const partial = (n: number, paid: Paise) => {
    const date = addDays(startDate, n - 1);
    changed.push({
      ...pendingEmi(n, date, emi),
      status: 'partial',
      payment_type: 'partial',
      paid_on: minDate(date, paidBy),
      partial_payment_amount: paid,
      remaining_balance: emi - paid,
    });
    if (paid > 0) openings.push(ledgerEntry('opening', 'opening', n, { instalment: paid, penalty: 0 }));
    carries.push(carryEntry('opening', n, firstOpen, { instalment: emi - paid, penalty: 0 }));
  };
  // The earliest short EMI holds what is left of the shortfall; the later ones were not paid at all.
  for (let n = emisPaid - short + 1; n <= emisPaid; n += 1)
    partial(n, n === emisPaid - short + 1 ? short * emi - carriedDues : 0);
  if (partialNext) partial(emisPaid + 1, partPaid);
  else if (partPaid > 0) {
    const parts = { instalment: partPaid, penalty: 0 };
    openings.push(ledgerEntry('opening', 'opening', LOAN_LEVEL_EMI, parts));
    openings.push(ledgerEntry('credit', 'opening', LOAN_LEVEL_EMI, parts));
  }
  const charges: LedgerEntry[] = [];
  if (firstOpen <= days) {
    const carriedIn = carries.reduce((sum, entry) => sum + entry.instalment, 0);
    changed.push({
      ...pendingEmi(firstOpen, addDays(startDate, firstOpen - 1), emi),
      late_charge: carriedIn + lateCharges,
      carried_instalment: carriedIn,
    });
    if (lateCharges > 0)
      charges.push(ledgerEntry('charge', 'opening', firstOpen, { instalment: 0, penalty: lateCharges }));
  }
  return {
    status: firstOpen > days ? 'closed' : 'approved',
    paidInFull: emisPaid - short,
    writtenOffFrom: null,
    paidBy,
    changed: changed.filter((e) => e.status !== 'pending' || e.late_charge > 0),
    entries: [...openings, ...carries, ...charges],
  };
};

/**
 * A closed or defaulted loan's position: it is over, so every EMI is settled. What was paid pays the
 * EMIs in order (those covered `paid` in full); the rest of the schedule and any late charges still
 * owed are written off (cause `opening`) on `foreclosed` EMIs, the shape a foreclosure for less
 * leaves: a closed loan's shortfall was forgiven by the old book, a defaulted loan's was lost.
 */
const settledPlan = (terms: OpeningTerms, position: OpeningPosition, paidBy: IsoDate): OpeningPlan => {
  const { perDayEmi: emi, totalEmiDays: days, startDate } = terms;
  const { amountPaid, lateCharges } = position;
  const whole = Math.min(days, Math.floor(amountPaid / emi));
  const rest = amountPaid - whole * emi;
  // The first EMI not paid in full; the last EMI when every one was but charges are still owed.
  const special = whole < days ? whole + 1 : lateCharges > 0 ? days : null;
  const plan = { status: position.status, paidBy, changed: [] as Emi[], entries: [] as LedgerEntry[] };
  if (special === null) return { ...plan, paidInFull: days, writtenOffFrom: null };
  const paid = special === whole + 1 ? rest : emi;
  const date = addDays(startDate, special - 1);
  const record = (entry: LedgerEntry) => {
    if (entry.amount > 0) plan.entries.push(entry);
  };
  record(ledgerEntry('opening', 'opening', special, { instalment: paid, penalty: 0 }));
  record(ledgerEntry('charge', 'opening', special, { instalment: 0, penalty: lateCharges }));
  record(ledgerEntry('written_off', 'opening', special, { instalment: emi - paid, penalty: lateCharges }));
  plan.changed.push({ ...pendingEmi(special, date, emi), status: 'foreclosed', late_charge: lateCharges });
  return {
    ...plan,
    paidInFull: special - 1,
    writtenOffFrom: special < days ? special + 1 : null,
  };
};

/**
 * How a loan taken over from another book enters it on the cut-over day (docs/lending-rules.md,
 * "Loans taken over"): the money paid before the cut-over is booked as `opening` rows, never as
 * collections of past days, so no day's cash, collections or interest moves. Throws on a position that
 * does not add up (the import's check refuses those rows).
 */
export const openingPlan = (
  terms: OpeningTerms,
  position: OpeningPosition,
  cutOverDate: IsoDate,
): OpeningPlan => {
  assertPosition(terms, position);
  const paidBy = minDate(position.lastPaymentDate ?? cutOverDate, cutOverDate);
  return position.status === 'approved'
    ? runningPlan(terms, position, paidBy)
    : settledPlan(terms, position, paidBy);
};

/** The EMI `n` of a plan as stored. */
const plannedEmi = (plan: OpeningPlan, base: Emi, changed: ReadonlyMap<number, Emi>): Emi => {
  const n = base.emi_number;
  const found = changed.get(n);
  if (found) return found;
  if (n <= plan.paidInFull)
    return { ...base, status: 'paid', payment_type: 'full', paid_on: minDate(base.emi_date, plan.paidBy) };
  if (plan.writtenOffFrom !== null && n >= plan.writtenOffFrom) return { ...base, status: 'foreclosed' };
  return base;
};

/**
 * The plan spread out: every EMI as stored and every ledger row in the order it is booked (each EMI's
 * `scheduled` row, the paid-in-full EMIs' `opening` rows, the written-off EMIs' `written_off` rows,
 * then the plan's own rows). The bulk writer stores the same rows; tests compare the two.
 */
export const spreadOpeningPlan = (
  terms: OpeningTerms,
  plan: OpeningPlan,
): { state: LoanState; entries: LedgerEntry[] } => {
  const schedule = generateSchedule({
    startDate: terms.startDate,
    perDayEmiPaise: terms.perDayEmi,
    totalEmiDays: terms.totalEmiDays,
  });
  const changed = new Map(plan.changed.map((emi) => [emi.emi_number, emi]));
  const emis = schedule.map((emi) => plannedEmi(plan, emi, changed));
  const whole = { instalment: terms.perDayEmi, penalty: 0 };
  const range = (from: number, to: number) =>
    schedule.filter((emi) => emi.emi_number >= from && emi.emi_number <= to).map((emi) => emi.emi_number);
  return {
    state: { status: plan.status, emis },
    entries: [
      ...scheduleEntries(schedule),
      ...range(1, plan.paidInFull).map((n) => ledgerEntry('opening', 'opening', n, whole)),
      ...(plan.writtenOffFrom === null ? [] : range(plan.writtenOffFrom, terms.totalEmiDays)).map((n) =>
        ledgerEntry('written_off', 'opening', n, whole),
      ),
      ...plan.entries,
    ],
  };
};

/**
 * A loan taken over from another book as it stands on the cut-over day: its EMIs as stored and its
 * ledger rows (its schedule and the opening position), such that every identity of the books holds.
 */
export const openingLoanState = (
  terms: OpeningTerms,
  position: OpeningPosition,
  cutOverDate: IsoDate,
): { state: LoanState; entries: LedgerEntry[] } =>
  spreadOpeningPlan(terms, openingPlan(terms, position, cutOverDate));
