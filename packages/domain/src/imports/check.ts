import type { ImportCell } from './cells';
import { type CollectionRecord, checkCollection } from './check-collections';
import { checkLoan, type LoanRecord } from './check-loans';
import { type AgentRecord, type CustomerRecord, checkAgent, checkCustomer } from './check-people';
import type { ImportKind } from './kinds';
import { type ImportCheckContext, type ImportRowError, type RowCheck, rowCheck } from './row';
import { createImportSeen, type ImportLookupAsk, type ImportLookups } from './seen';

/** What a row of each kind becomes once it passes its checks. */
export type ImportRecords = {
  agents: AgentRecord;
  customers: CustomerRecord;
  loans: LoanRecord;
  collections: CollectionRecord;
};

/** A checked row: its record when it has no error (null otherwise), and its errors. */
export type ImportRowCheck<K extends ImportKind> = {
  record: ImportRecords[K] | null;
  errors: ImportRowError[];
};

const CHECKS: { [K in ImportKind]: (check: RowCheck) => ImportRecords[K] | null } = {
  agents: checkAgent,
  customers: checkCustomer,
  loans: checkLoan,
  collections: checkCollection,
};

/**
 * Checks one data row of a sheet of `kind` (`rowNumber` as the spreadsheet numbers it): every
 * column read by its rules, the book asked through `context.lookups`, and the row's keys noted in
 * `context.seen` for the rows after it. Each column gets one error at most.
 */
export const checkImportRow = <K extends ImportKind>(
  kind: K,
  cells: readonly ImportCell[],
  rowNumber: number,
  context: ImportCheckContext,
): ImportRowCheck<K> => {
  const check = rowCheck(kind, cells, rowNumber, context);
  const record = CHECKS[kind](check) as ImportRecords[K] | null;
  return { record: check.errors.length === 0 ? record : null, errors: check.sortedErrors() };
};

/**
 * The questions checking this row would ask the book, so that the server can fetch the answers
 * for a batch of rows in a few queries before checking them. Every question is listed, as if the
 * book knew nothing and no earlier row had been seen.
 */
export const importLookupsOf = (
  kind: ImportKind,
  cells: readonly ImportCell[],
  context: Omit<ImportCheckContext, 'lookups' | 'seen'>,
): ImportLookupAsk[] => {
  const asks: ImportLookupAsk[] = [];
  const ask = (what: ImportLookupAsk['what'], by: string, key: string) => {
    asks.push({ what, by, key });
    return null;
  };
  const lookups: ImportLookups = {
    agent: (by, key) => ask('agent', by, key),
    customer: (by, key) => ask('customer', by, key),
    userWithEmail: (email) => ask('userWithEmail', 'email', email),
    loan: (by, key) => ask('loan', by, key),
  };
  checkImportRow(kind, cells, 0, { ...context, lookups, seen: createImportSeen() });
  return asks;
};
