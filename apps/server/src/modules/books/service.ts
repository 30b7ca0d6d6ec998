import type { Emi, LedgerEntry } from '@lending/domain';
import type { Db, Executor } from '../../db/client';
import { keptFigureMismatches } from '../read-model';
import { type CheckDetail, LOAN_CHECKS, type LoanCheck } from './checks';
import { type BooksLoan, emisOfLoans, ledgerOfLoans, loansAfter } from './repository';

/** One check a loan failed. */
export type Finding = { check: string; detail: CheckDetail };

/** One loan's verdict: no findings means its books balance. */
export type LoanVerdict = { loan: BooksLoan; findings: Finding[] };

/** The whole run. `differing` keeps the first `keep` loans that differ; `loansDiffering` counts them all. */
export type BooksReport = {
  loansChecked: number;
  loansDiffering: number;
  differing: LoanVerdict[];
  /**
   * Maintained totals that differ from the rows they sum (empty when they agree): the dashboard's day
   * totals and the portfolio's loan totals and stored days.
   */
  dayTotalsDiffering: string[];
  elapsedMs: number;
};

export type VerifyOptions = {
  /** Called for every loan as it is checked, clean or not (the CLI prints the ones that differ). */
  onLoan?: (verdict: LoanVerdict) => void;
  checks?: readonly LoanCheck[];
  /** Loans per batch. */
  batchLoans?: number;
  /**
   * EMIs per batch, by the loans' tenures: a batch stops early so that 500 loans of 3,650 EMIs each
   * never sit in memory at once. A single loan longer than this is still read whole.
   */
  batchEmis?: number;
  /** How many differing loans the report keeps (all are counted and passed to `onLoan`). */
  keep?: number;
};

/** The loans of a page that fit the EMI budget: at least one, so a long loan never stalls the walk. */
const fitBudget = (page: readonly BooksLoan[], budget: number): BooksLoan[] => {
  const batch: BooksLoan[] = [];
  let emis = 0;
  for (const loan of page) {
    if (batch.length > 0 && emis + loan.emiCount > budget) break;
    batch.push(loan);
    emis += loan.emiCount;
  }
  return batch;
};

const groupByLoan = <R extends { loanId: number }, T>(rows: readonly R[], pick: (row: R) => T) => {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.loanId) ?? [];
    group.push(pick(row));
    groups.set(row.loanId, group);
  }
  return groups;
};

const judge = (
  loan: BooksLoan,
  emis: readonly Emi[],
  entries: readonly LedgerEntry[],
  checks: readonly LoanCheck[],
): Finding[] => {
  const findings: Finding[] = [];
  for (const { name, check } of checks) {
    try {
      const detail = check(loan, emis, entries);
      if (detail !== null) findings.push({ check: name, detail });
    } catch (error) {
      // A check that throws on odd rows is itself a finding: the books could not be read as rules.
      const message = error instanceof Error ? error.message : String(error);
      findings.push({ check: name, detail: { summary: `the check failed: ${message}`, differences: [] } });
    }
  }
  return findings;
};

const walk = async (tx: Executor, options: VerifyOptions, started: number): Promise<BooksReport> => {
  const { onLoan, checks = LOAN_CHECKS, batchLoans = 500, batchEmis = 50_000, keep = 1_000 } = options;
  const report: BooksReport = {
    loansChecked: 0,
    loansDiffering: 0,
    differing: [],
    dayTotalsDiffering: [],
    elapsedMs: 0,
  };
  let afterId = 0;
  for (;;) {
    const batch = fitBudget(await loansAfter(tx, afterId, batchLoans), batchEmis);
    const first = batch[0];
    const last = batch.at(-1);
    if (first === undefined || last === undefined) break;
    // Three queries per batch, each an index range over the batch's loan ids.
    const emis = groupByLoan(await emisOfLoans(tx, first.id, last.id), (row) => row.emi);
    const ledger = groupByLoan(await ledgerOfLoans(tx, first.id, last.id), (row) => row.entry);
    for (const loan of batch) {
      const verdict = {
        loan,
        findings: judge(loan, emis.get(loan.id) ?? [], ledger.get(loan.id) ?? [], checks),
      };
      report.loansChecked += 1;
      if (verdict.findings.length > 0) {
        report.loansDiffering += 1;
        if (report.differing.length < keep) report.differing.push(verdict);
      }
      onLoan?.(verdict);
    }
    afterId = last.id;
  }
  // Every kept figure is checked against its definition in the same snapshot as the loans.
  report.dayTotalsDiffering = await keptFigureMismatches(tx);
  return { ...report, elapsedMs: Math.round(performance.now() - started) };
};

/**
 * Checks the books of every loan (docs/lending-rules.md, "Checking the books"): each loan's schedule
 * identity, its EMI rows against its ledger, and its cash identity. Loans are read in batches by id,
 * so memory stays bounded however many there are. The whole walk is one read-only transaction with
 * one snapshot: a server taking payments meanwhile never shows a loan half-written, and the check can
 * never change a row.
 */
export const verifyBooks = async (db: Db, options: VerifyOptions = {}): Promise<BooksReport> => {
  const started = performance.now();
  return db.transaction((tx) => walk(tx, options, started), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
};
