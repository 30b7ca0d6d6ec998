import { type LoanRecord, referenceKey } from '@lending/domain';
import { type OpenedLoanInput, writeOpenedLoans } from '../loans';
import type { CheckedRow } from './checker';
import { type CommitContext, idOf, idOrNull } from './commit-context';
import { insertReferences } from './repository';

/**
 * Writes a batch of the Loans sheet through the loans module (schedules, positions, ledger and audit
 * are its rules), then keeps each loan's reference for collections and later imports.
 */
export const commitLoans = async (context: CommitContext, rows: readonly CheckedRow[]) => {
  const loans = rows.flatMap((row): OpenedLoanInput[] => {
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
  const actorId = context.actor.userId;
  if (actorId === null) throw new Error('import commit: loans need the admin who imports them');
  const written = await writeOpenedLoans(context.tx, loans, {
    actorId,
    now: context.deps.clock.now(),
    cutOverDate: context.cutOverDate,
    importId: context.importId,
    fileName: context.fileName,
  });
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
