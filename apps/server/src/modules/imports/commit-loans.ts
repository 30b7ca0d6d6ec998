import { type LoanRecord, referenceKey } from '@lending/domain';
import type { Tx } from '../../db/client';
import type { CheckedRow } from './checker';
import { type CommitContext, type ImportWriteLink, idOf, idOrNull, linkOf } from './commit-context';
import { insertReferences } from './repository';

/**
 * A loan of the Loans sheet ready to be written: the row's record (terms, status and position on
 * the cut-over day) with its customer and agent resolved to ids, its row and its reference.
 */
export type OpenedLoan = Omit<LoanRecord, 'customer' | 'agent'> & {
  rowNumber: number;
  customerId: number;
  /** The agent the row names (always the customer's agent), or null when it names none. */
  agentId: number | null;
};

/** What the loans module's writer answers: the id each row's loan got. */
export type WrittenLoan = { rowNumber: number; loanId: number };

type WriteOpenedLoans = (
  tx: Tx,
  loans: readonly OpenedLoan[],
  link: ImportWriteLink,
) => Promise<WrittenLoan[]>;

// ─── WIRING POINT (loans) ───────────────────────────────────────────────────────────────────────
// The loans module's `writeOpenedLoans(tx, loans, link)` is being written beside this. When it
// lands, delete this stand-in and `import { writeOpenedLoans } from '../loans';`. Until then an
// import with loans fails its commit here, inside the commit's transaction: nothing is written.
const writeOpenedLoans: WriteOpenedLoans = async () => {
  throw new Error('not wired yet');
};
// ────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Writes a batch of the Loans sheet through the loans module (schedules, positions, ledger and audit
 * are its rules), then keeps each loan's reference for collections and later imports.
 */
export const commitLoans = async (context: CommitContext, sheet: string, rows: readonly CheckedRow[]) => {
  const loans = rows.flatMap((row): OpenedLoan[] => {
    if (!row.record) return [];
    const { customer, agent, ...terms } = row.record as LoanRecord;
    return [
      {
        ...terms,
        rowNumber: row.rowNumber,
        customerId: idOf(customer, context.ids.customers, 'customer'),
        agentId: idOrNull(agent, context.ids.agents, 'agent'),
      },
    ];
  });
  if (loans.length === 0) return 0;
  const written = await writeOpenedLoans(context.tx, loans, linkOf(context, sheet));
  const loanIdOfRow = new Map(written.map((loan) => [loan.rowNumber, loan.loanId]));
  for (const { rowNumber, loanId } of written) {
    context.ids.loans.set(rowNumber, loanId);
    context.written.loans.add(loanId);
  }
  await insertReferences(
    context.tx,
    loans.map((loan) => ({
      kind: 'loan',
      referenceKey: referenceKey(loan.reference),
      reference: loan.reference,
      recordId: loanIdOfRow.get(loan.rowNumber) ?? 0,
      importId: context.importId,
      rowNumber: loan.rowNumber,
    })),
  );
  return written.length;
};
