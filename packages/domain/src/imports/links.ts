import type { LoanStatus } from '../lending/types';
import type { IsoDate } from '../time/ist';
import { readMobile, readText } from './cells';
import { importMessages } from './messages';
import type { RowCheck } from './row';
import { type ImportLink, referenceKey } from './seen';

/** A mobile number written in a cell that names someone, or null when the text is not one. */
const mobileOf = (text: string): string | null => {
  const mobile = readMobile(text);
  return mobile.ok ? mobile.value : null;
};

/** The agent a column names by mobile or e-mail: on the Agents sheet or in the book; null when blank or unknown. */
export const agentLink = (check: RowCheck, key: string): ImportLink | null => {
  const text = check.read(key, readText);
  if (text === null) return null;
  const { seen, lookups } = check.context;
  const mobile = text.includes('@') ? null : mobileOf(text);
  if (!text.includes('@') && mobile === null) {
    check.fail(key, importMessages.notMobileOrEmail(text));
    return null;
  }
  const [by, value] =
    mobile === null ? (['email', text.toLowerCase()] as const) : (['mobile', mobile] as const);
  const row = seen.agents.get(`${by}:${value}`);
  if (row !== undefined) return { in: 'file', row };
  const agent = lookups.agent(by, value);
  if (agent !== null) return { in: 'book', id: agent.id };
  check.fail(key, importMessages.noAgent(by === 'email' ? 'e-mail' : 'mobile', value));
  return null;
};

/** A customer named by a column, with the agent they have. */
export type CustomerLink = { link: ImportLink; agent: ImportLink | null };

/**
 * The customer a column names by mobile or customer reference: on the Customers sheet (an earlier
 * row) or in the book; null when blank or unknown.
 */
export const customerLink = (check: RowCheck, key: string): CustomerLink | null => {
  const text = check.read(key, readText);
  if (text === null) return null;
  const { seen, lookups } = check.context;
  const mobile = mobileOf(text);
  const [by, value] = mobile === null ? (['reference', text] as const) : (['mobile', mobile] as const);
  const inFile = seen.customers.get(`${by}:${by === 'mobile' ? value : referenceKey(value)}`);
  if (inFile !== undefined) return { link: { in: 'file', row: inFile.row }, agent: inFile.agent };
  const customer = lookups.customer(by, value);
  if (customer === 'many') check.fail(key, importMessages.manyCustomers(value));
  else if (customer === null) check.fail(key, importMessages.noCustomer(by, value));
  else
    return {
      link: { in: 'book', id: customer.id },
      agent: customer.agentId === null ? null : { in: 'book', id: customer.agentId },
    };
  return null;
};

/** A loan a collection names, with what its checks need. */
export type LoanLink = { link: ImportLink; name: string; status: LoanStatus; startDate: IsoDate | null };

/** The book's own loan codes: LN and the loan number in six digits or more (LN000123). */
export const LOAN_CODE_PATTERN = /^LN\d{6,}$/i;

/**
 * The loan a column names: the book's loan code (LN000123), the customer's mobile (their one running
 * loan), or a loan reference (on the Loans sheet, or in the book from an earlier import; digits alone
 * may also be the book's loan number). Null when blank or unknown. A loan found nowhere is the
 * column's error, or, given `onUnknown`, handed to it with the reason instead (a collection then
 * waits to be matched by hand).
 */
export const loanLink = (
  check: RowCheck,
  key: string,
  onUnknown?: (text: string, reason: string) => void,
): LoanLink | null => {
  const text = check.read(key, readText);
  if (text === null) return null;
  const { seen, lookups } = check.context;
  const inFile = seen.loans.get(referenceKey(text));
  if (inFile !== undefined)
    return {
      link: { in: 'file', row: inFile.row },
      name: text,
      status: inFile.status,
      startDate: inFile.startDate,
    };
  const mobile = LOAN_CODE_PATTERN.test(text) ? null : mobileOf(text);
  const found = LOAN_CODE_PATTERN.test(text)
    ? lookups.loan('code', text.toUpperCase())
    : mobile !== null
      ? lookups.loan('mobile', mobile)
      : (lookups.loan('reference', text) ?? (/^\d{1,9}$/.test(text) ? lookups.loan('number', text) : null));
  if (found === 'many') check.fail(key, importMessages.manyLoans(mobile ?? text));
  else if (found === null && onUnknown) onUnknown(text, importMessages.noLoan(text));
  else if (found === null) check.fail(key, importMessages.noLoan(text));
  else
    return {
      link: { in: 'book', id: found.id },
      name: found.code,
      status: found.status,
      startDate: found.startDate,
    };
  return null;
};
