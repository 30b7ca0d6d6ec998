import type { BookAgent, BookCustomer, BookLoan, ImportLookups, ImportSeen } from '.';
import {
  checkImportRow,
  createImportSeen,
  type ImportCell,
  type ImportKind,
  type ImportRecords,
  importErrorText,
  matchHeaders,
} from '.';

/** A book for the checks: agents, customers, loans and e-mails keyed the way the lookups ask. */
export type FakeBook = {
  agents?: Record<string, BookAgent>;
  customers?: Record<string, BookCustomer | 'many'>;
  loans?: Record<string, BookLoan | 'many'>;
  emails?: Record<string, string>;
};

/** Lookups answering from `book`: keys are 'mobile:…', 'email:…', 'reference:…', 'code:…', 'number:…'. */
export const fakeLookups = (book: FakeBook = {}): ImportLookups => ({
  agent: (by, key) => book.agents?.[`${by}:${key}`] ?? null,
  customer: (by, key) => book.customers?.[`${by}:${key}`] ?? null,
  userWithEmail: (email) => (book.emails?.[email] ? { name: book.emails[email] } : null),
  loan: (by, key) => book.loans?.[`${by}:${key}`] ?? null,
});

export const TODAY = '2026-11-05';

/**
 * Checks a sheet as an import would: its header row matched, then each row (numbered from 2) with
 * one accumulator; answers the records and every error as one line.
 */
export const checkSheet = <K extends ImportKind>(
  kind: K,
  headers: readonly string[],
  rows: readonly (readonly ImportCell[])[],
  options: { book?: FakeBook; seen?: ImportSeen; today?: string; date1904?: boolean } = {},
) => {
  const { mapping } = matchHeaders(kind, headers);
  const seen = options.seen ?? createImportSeen();
  const context = {
    headers,
    mapping,
    today: options.today ?? TODAY,
    lookups: fakeLookups(options.book),
    seen,
    date1904: options.date1904,
  };
  const records: (ImportRecords[K] | null)[] = [];
  const errors: string[] = [];
  const unmatched: { row: number; loanText: string; reason: string }[] = [];
  rows.forEach((cells, index) => {
    const checked = checkImportRow(kind, cells, index + 2, context);
    records.push(checked.record);
    errors.push(...checked.errors.map(importErrorText));
    if (checked.unmatched)
      unmatched.push({
        row: index + 2,
        loanText: checked.unmatched.loanText,
        reason: checked.unmatched.reason,
      });
  });
  return { records, errors, unmatched, seen };
};
