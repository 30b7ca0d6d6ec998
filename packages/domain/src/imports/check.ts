import type { ImportCell } from './cells';
import { type CollectionRecord, checkCollectionRow, type UnmatchedCollection } from './check-collections';
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

/**
 * A checked row: its record when it has no error (null otherwise), and its errors. `unmatched`: a
 * collection whose only fault is a loan found nowhere, which waits to be matched rather than fails.
 */
export type ImportRowCheck<K extends ImportKind> = {
  record: ImportRecords[K] | null;
  errors: ImportRowError[];
  unmatched: UnmatchedCollection | null;
};

type KindCheck<K extends ImportKind> = (check: RowCheck) => {
  record: ImportRecords[K] | null;
  unmatched: UnmatchedCollection | null;
};

const only =
  <K extends ImportKind>(checkRow: (check: RowCheck) => ImportRecords[K] | null): KindCheck<K> =>
  (check) => ({ record: checkRow(check), unmatched: null });

const CHECKS: { [K in ImportKind]: KindCheck<K> } = {
  agents: only(checkAgent),
  customers: only(checkCustomer),
  loans: only(checkLoan),
  collections: checkCollectionRow,
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
  const { record, unmatched } = (CHECKS[kind] as KindCheck<K>)(check);
  const clean = check.errors.length === 0;
  return {
    record: clean ? record : null,
    errors: check.sortedErrors(),
    unmatched: clean ? unmatched : null,
  };
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
