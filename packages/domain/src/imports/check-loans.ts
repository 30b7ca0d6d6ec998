import { MAX_LOAN_AMOUNT_PAISE } from '../lending/limits';
import { loanTotals } from '../lending/schedule';
import type { LoanStatus } from '../lending/types';
import { type Paise, paiseToRupees } from '../money/paise';
import { ZCreateLoanRequest } from '../schemas/loans';
import type { IsoDate } from '../time/ist';
import { type CellRead, choiceWords, type ImportCell, readAmount, readChoice, readCount } from './cells';
import { IMPORT_REFERENCE_MAX } from './check-people';
import { readDate } from './dates';
import { agentLink, customerLink, LOAN_CODE_PATTERN } from './links';
import { importMessages } from './messages';
import { type CutOverPosition, cutOverPosition } from './position';
import { type RowCheck, shortText } from './row';
import { type ImportLink, referenceKey, sameLink } from './seen';

/** The statuses a loan is imported with: lent and running, settled, or defaulted. */
export type ImportedLoanStatus = Extract<LoanStatus, 'approved' | 'closed' | 'default'>;

/** A loan as a row of the Loans sheet gives it, with its position on the cut-over day. */
export type LoanRecord = CutOverPosition & {
  reference: string;
  customer: ImportLink;
  agent: ImportLink | null;
  loanAmount: Paise;
  perDayEmi: Paise;
  totalEmiDays: number;
  startDate: IsoDate;
  status: ImportedLoanStatus;
  lateCharges: Paise;
  lastPaymentDate: IsoDate | null;
};

/** Words a lender may write for each status. */
export const LOAN_STATUS_WORDS = [
  ['approved', ['Approved', 'Running', 'Active', 'Open', 'Live', 'Ongoing', 'Current', 'Disbursed']],
  ['closed', ['Closed', 'Completed', 'Paid', 'Paid off', 'Settled', 'Repaid', 'Foreclosed']],
  ['default', ['Default', 'Defaulted', 'NPA', 'Bad debt', 'Written off']],
] as const satisfies readonly (readonly [ImportedLoanStatus, readonly string[]])[];
const STATUS = choiceWords(LOAN_STATUS_WORDS);

/** An amount of ₹0 or more up to `limit`; `positive` refuses ₹0. */
export const amountUpTo =
  (limit: Paise, { positive = false, overLimit = importMessages.overLimit } = {}) =>
  (cell: ImportCell): CellRead<Paise> => {
    const amount = readAmount(cell);
    if (!amount.ok || amount.value === null) return amount;
    if (positive && amount.value === 0) return { ok: false, message: importMessages.amountZero };
    return amount.value > limit ? { ok: false, message: overLimit(amount.value, limit) } : amount;
  };
const UP_TO_LIMIT = amountUpTo(MAX_LOAN_AMOUNT_PAISE);

/** The lender's loan reference: once in the file, not already in the book, not like the book's codes. */
const claimReference = (check: RowCheck): string | null => {
  const reference = check.read('loan_reference', shortText(IMPORT_REFERENCE_MAX));
  if (reference === null) return null;
  const { seen, lookups } = check.context;
  const earlier = seen.loans.get(referenceKey(reference));
  if (LOAN_CODE_PATTERN.test(reference))
    check.fail('loan_reference', importMessages.looksLikeLoanCode(reference));
  else if (earlier !== undefined)
    check.fail('loan_reference', importMessages.appearsAgain(reference, earlier.row));
  else {
    const inBook = lookups.loan('reference', reference);
    if (inBook !== null && inBook !== 'many')
      check.fail('loan_reference', importMessages.referenceInBook(reference, inBook.code));
  }
  return reference;
};

const TERM_KEYS = ['loan_amount', 'per_day_emi', 'total_emi_days', 'start_date'];

/** The product's own loan-form rules (tenure range, EMI at most the amount, dates inside the book). */
const checkTerms = (
  check: RowCheck,
  amount: Paise | null,
  emi: Paise | null,
  days: number | null,
  start: string | null,
) => {
  const parsed = ZCreateLoanRequest.safeParse({
    customer_id: 1,
    loan_amount: amount === null ? undefined : paiseToRupees(amount),
    per_day_emi: emi === null ? undefined : paiseToRupees(emi),
    total_emi_days: days ?? undefined,
    start_date: start ?? undefined,
  });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = String(issue.path[0]);
    if (TERM_KEYS.includes(key)) check.fail(key, issue.message);
  }
  if (amount === null || emi === null || days === null || !check.clean('total_emi_days')) return;
  const totals = loanTotals(amount, emi, days);
  if (!totals.ok) check.fail('per_day_emi', totals.message);
};

/** EMIs paid, amount paid and carried dues as one position, once the EMI and tenure are known. */
const readPosition = (
  check: RowCheck,
  perDayEmi: Paise | null,
  totalEmiDays: number | null,
  closed: boolean,
): CutOverPosition | null => {
  const emisPaid = check.read('emis_paid', readCount);
  const amountPaid = check.read('amount_paid', UP_TO_LIMIT);
  const carriedDues = check.read('carried_dues', UP_TO_LIMIT);
  if (closed && (carriedDues ?? 0) > 0) check.fail('carried_dues', importMessages.closedOwes);
  const known = ['emis_paid', 'amount_paid', 'carried_dues'].every((key) => check.clean(key));
  if (perDayEmi === null || totalEmiDays === null || !check.clean('total_emi_days') || !known) return null;
  const position = cutOverPosition({ perDayEmi, totalEmiDays, emisPaid, amountPaid, carriedDues });
  if (position.ok) return position.position;
  check.fail(position.key, position.message);
  return null;
};

/** Checks a Loans row: the loan form's rules, its customer and agent, and its position on the cut-over day. */
export const checkLoan = (check: RowCheck): LoanRecord | null => {
  const { today, date1904, seen } = check.context;
  const reference = claimReference(check);
  const customer = customerLink(check, 'customer');
  const agent = agentLink(check, 'agent');
  if (customer !== null && agent !== null) {
    if (customer.agent === null) check.fail('agent', importMessages.customerHasNoAgent);
    else if (!sameLink(customer.agent, agent)) check.fail('agent', importMessages.notCustomersAgent);
  }
  const loanAmount = check.read(
    'loan_amount',
    amountUpTo(MAX_LOAN_AMOUNT_PAISE, { positive: true, overLimit: importMessages.overLoanLimit }),
  );
  const perDayEmi = check.read('per_day_emi', amountUpTo(MAX_LOAN_AMOUNT_PAISE, { positive: true }));
  const totalEmiDays = check.read('total_emi_days', readCount);
  const startDate = check.read('start_date', (cell) => readDate(cell, date1904));
  checkTerms(check, loanAmount, perDayEmi, totalEmiDays, startDate);
  const status =
    check.read('status', (cell) => readChoice(cell, STATUS, ['Approved', 'Closed', 'Default'])) ?? 'approved';
  if (reference !== null && !seen.loans.has(referenceKey(reference)))
    seen.loans.set(referenceKey(reference), { row: check.row, startDate, status });

  const position = readPosition(check, perDayEmi, totalEmiDays, status === 'closed');
  const lateCharges = check.read('late_charges', UP_TO_LIMIT) ?? 0;
  if (status === 'closed' && lateCharges > 0) check.fail('late_charges', importMessages.closedOwes);
  // A running loan's charges sit on its first open EMI (the opening position); with none, nowhere.
  if (status === 'approved' && lateCharges > 0 && position !== null && position.emisPaid === totalEmiDays)
    check.fail('late_charges', importMessages.chargesWithNothingOpen);
  const lastPaymentDate = check.read('last_payment_date', (cell) => readDate(cell, date1904));
  if (lastPaymentDate !== null && startDate !== null && lastPaymentDate < startDate)
    check.fail('last_payment_date', importMessages.paymentBeforeStart(lastPaymentDate, startDate));
  if (lastPaymentDate !== null && lastPaymentDate > today)
    check.fail('last_payment_date', importMessages.afterToday(lastPaymentDate, today));

  if (reference === null || customer === null || loanAmount === null || perDayEmi === null) return null;
  if (totalEmiDays === null || startDate === null || position === null || check.errors.length > 0)
    return null;
  return {
    ...position,
    reference,
    customer: customer.link,
    agent,
    loanAmount,
    perDayEmi,
    totalEmiDays,
    startDate,
    status,
    lateCharges,
    lastPaymentDate,
  };
};
