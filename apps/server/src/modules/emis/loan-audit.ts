import type { AppliedOperation } from '@lending/domain';
import { type AuditEntry, writeAudit } from '../../platform/audit';
import { type MoneyContext, storeOutcome } from '../money';

/**
 * Stores an accepted operation and writes its audit row on the loan, in the call's transaction;
 * answers the row's id, which the ledger rows booked next must name.
 */
export const storeAudited = async (
  context: MoneyContext,
  outcome: AppliedOperation<object>,
  audit: Pick<AuditEntry, 'action' | 'metadata'>,
): Promise<number> => {
  await storeOutcome(context, outcome);
  return writeAudit(context.tx, context.call.audit, {
    ...audit,
    resourceType: 'loan',
    resourceId: context.loaded.loan.id,
  });
};
