import type { LoanStatus } from '../lending/types';
import type { IsoDate } from '../time/ist';

/** A record an import row points at: one already in the book (by id), or one on a row of this import. */
export type ImportLink = { in: 'book'; id: number } | { in: 'file'; row: number };

/** An agent of the book. */
export type BookAgent = { id: number; name: string };
/** A customer of the book and their agent. */
export type BookCustomer = { id: number; name: string; agentId: number | null };
/** A loan of the book. */
export type BookLoan = { id: number; code: string; status: LoanStatus; startDate: IsoDate };

/**
 * What the checks ask the book; the server answers from the database (from keys it fetched ahead
 * for a batch of rows: `importLookupsOf`). Mobiles arrive as 10 digits, e-mails in lower case.
 * 'many' answers a mobile that more than one customer (or running loan) has.
 */
export type ImportLookups = {
  agent(by: 'mobile' | 'email', key: string): BookAgent | null;
  customer(by: 'mobile' | 'reference', key: string): BookCustomer | 'many' | null;
  /** Anyone of the book with this e-mail address (e-mail addresses are unique among all users). */
  userWithEmail(email: string): { name: string } | null;
  /** A loan by its code (LN000123), its reference from an earlier import, its number, or its customer's mobile (running loans). */
  loan(by: 'code' | 'reference' | 'number' | 'mobile', key: string): BookLoan | 'many' | null;
};

/** A question one row asks the book. */
export type ImportLookupAsk = { what: keyof ImportLookups; by: string; key: string };

type SeenCustomer = { row: number; agent: ImportLink | null };
type SeenLoan = { row: number; startDate: IsoDate | null; status: LoanStatus };

/**
 * What the rows checked so far claimed, by key only (mobile, e-mail, reference → row), so that later
 * rows can be told of a duplicate or point at an earlier one. The caller keeps one per import and
 * checks the sheets in the order agents, customers, loans, collections. A row with errors still
 * claims its keys, so one mistake is reported once, not again on every row that names it.
 */
export type ImportSeen = {
  /** Agents by 'mobile:9876500001' and 'email:a@b.in'. */
  agents: Map<string, number>;
  /** Customers by 'mobile:…' and 'reference:…', with the agent their row names. */
  customers: Map<string, SeenCustomer>;
  /** Customers' e-mail addresses (agents' are in `agents`): e-mails are unique among all users. */
  customerEmails: Map<string, number>;
  /** Loans by their reference. */
  loans: Map<string, SeenLoan>;
  /** Collections by their bank or UPI reference. */
  utrs: Map<string, number>;
};

/** An empty accumulator for one import. */
export const createImportSeen = (): ImportSeen => ({
  agents: new Map(),
  customers: new Map(),
  customerEmails: new Map(),
  loans: new Map(),
  utrs: new Map(),
});

/** A reference as it is compared: case ignored, runs of spaces as one ('old-101' is 'OLD-101'). */
export const referenceKey = (reference: string): string => reference.toUpperCase().replace(/\s+/g, ' ');

/** Whether two links point at the same record. */
export const sameLink = (a: ImportLink, b: ImportLink): boolean =>
  a.in === 'book' ? b.in === 'book' && a.id === b.id : b.in === 'file' && a.row === b.row;
