import { formatRupees, type Paise } from '../money/paise';
import { DATE_MAX, DATE_MIN } from '../schemas/primitives';
import { formatDdMmYyyy } from '../time/ist';

const QUOTE_MAX = 40;

/** A cell's text as a message quotes it: in quotes, cut short when long. */
export const quoted = (text: string): string =>
  `'${text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1)}…` : text}'`;

const slash = (date: string) => formatDdMmYyyy(date).replaceAll('-', '/');

/**
 * What an import says about a cell, in the lender's words; each message follows "Row 12, Mobile: ".
 * The rules behind them live with the product's forms and limits.
 */
export const importMessages = {
  required: 'is empty; this column is required',
  controlCharacters: 'has a NUL byte or another control character; retype the cell',
  unreadableText: 'has characters that could not be read; save the file as CSV UTF-8 or .xlsx',
  formulaWithoutValue: 'a formula without a stored value; open the file in Excel, save it, and upload again',
  formulaError: 'a formula whose stored value is an error (#N/A, #REF! …); fix the formula or type the value',
  errorValue: (error: string) => `holds the error ${error}`,
  mergedCells: (range: string) =>
    `cells ${range} are merged, so the value belongs to one row only; unmerge them and fill in every row`,
  notAmount: (raw: string) => `${quoted(raw)} is not an amount`,
  amountDecimals: (raw: string) => `${quoted(raw)} has more than 2 decimals (paise)`,
  amountNegative: (raw: string) => `${quoted(raw)} is negative`,
  amountTooLarge: (raw: string) => `${quoted(raw)} is too large`,
  amountZero: 'must be more than ₹0',
  overLoanLimit: (amount: Paise, limit: Paise) =>
    `${formatRupees(amount, 'auto')} is over the loan limit of ${formatRupees(limit, 'auto')}`,
  overLimit: (amount: Paise, limit: Paise) =>
    `${formatRupees(amount, 'auto')} is over the limit of ${formatRupees(limit, 'auto')}`,
  notDate: (raw: string) => `${quoted(raw)} is not a date; write it as DD/MM/YYYY`,
  impossibleDate: (raw: string) => `${quoted(raw)} is not a real date`,
  monthFirst: (raw: string) => `${quoted(raw)} reads as month/day/year; write dates as DD/MM/YYYY`,
  dateOutOfRange: (raw: string) =>
    `${quoted(raw)} is outside the book's dates (${slash(DATE_MIN)} to ${slash(DATE_MAX)})`,
  notMobile: (raw: string) => `${quoted(raw)} is not a 10-digit mobile number`,
  notWholeNumber: (raw: string) => `${quoted(raw)} is not a whole number`,
  notOneOf: (raw: string, choices: readonly string[]) =>
    `${quoted(raw)} is not one of: ${choices.join(', ')}`,
  withValue: (message: string, raw: string) => `${message} (${quoted(raw)})`,
  appearsAgain: (value: string, row: number, where = '') =>
    `${value} appears again (first on row ${row}${where})`,
  tooLong: (max: number) => `is longer than ${max} characters`,
  looksLikeLoanCode: (raw: string) =>
    `${quoted(raw)} looks like one of the book's own loan codes (LN000123); use your own numbering`,
  notMobileOrEmail: (raw: string) => `${quoted(raw)} is neither a mobile number nor an e-mail address`,
  noAgent: (by: string, key: string) => `no agent with ${by} ${key}`,
  noCustomer: (by: string, key: string) => `no customer with ${by} ${key}`,
  manyCustomers: (mobile: string) =>
    `more than one customer has mobile ${mobile}; name the customer by their customer reference`,
  noLoan: (key: string) => `no loan ${key} in the book or on the Loans sheet`,
  manyLoans: (mobile: string) =>
    `the customer with mobile ${mobile} has more than one running loan; give the loan reference or code`,
  loanNotRunning: (code: string, status: string) =>
    `${code} is ${status === 'default' ? 'in default' : status.replaceAll('_', ' ')}; collections are taken on approved (running) loans only`,
  beforeLoanStart: (date: string, start: string) =>
    `${slash(date)} is before the loan's start date ${slash(start)}`,
  afterToday: (date: string, today: string) => `${slash(date)} is after today (${slash(today)})`,
  emailTaken: (email: string, name: string) => `${email} already belongs to ${name} in the book`,
  alreadyInBook: (value: string, role: string, name: string) =>
    `${value} is already ${role} in the book (${name})`,
  referenceInBook: (reference: string, code: string) => `${reference} is already in the book (loan ${code})`,
  notCustomersAgent: 'is not the customer’s agent; a loan’s agent is always its customer’s agent',
  customerHasNoAgent: 'the customer has no agent; give the agent on the customer’s row',
  paidOverTenure: (paid: number, tenure: number) =>
    `${paid} EMIs paid is more than the tenure of ${tenure} days`,
  paidBelowCount: (paid: Paise, expected: Paise, emis: number) =>
    `${formatRupees(paid, 'auto')} is less than ${emis} EMIs paid less carried dues (${formatRupees(expected, 'auto')})`,
  paidOverCount: (paid: Paise, emis: number) =>
    `${formatRupees(paid, 'auto')} is a whole EMI or more beyond the ${emis} EMIs paid; check EMIs paid`,
  paidOverTotal: (paid: Paise, total: Paise) =>
    `${formatRupees(paid, 'auto')} is more than the loan's total repayable of ${formatRupees(total, 'auto')}`,
  carriedWithoutCount: 'carried dues need EMIs paid on the same row',
  carriedFromLast: 'no EMI follows the last one to carry dues to; count the last EMI as not paid',
  carriedOverPaid: (carried: Paise, settled: Paise) =>
    `${formatRupees(carried, 'auto')} is more than the EMIs counted as paid (${formatRupees(settled, 'auto')})`,
  closedOwes: 'a closed loan owes nothing; clear this or set the status to Approved',
  chargesWithNothingOpen:
    'every EMI is paid, so no EMI is left open to hold late charges; clear them or set the status to Closed or Default',
  paymentBeforeStart: (date: string, start: string) =>
    `${slash(date)} is before the start date ${slash(start)}`,
} as const;
