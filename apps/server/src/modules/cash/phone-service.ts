import {
  isLastSyncedInBounds,
  LAST_SYNCED_MESSAGE,
  type TPhoneSyncReport,
  type TPhoneSyncResponse,
} from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { savePhoneState } from './phone-repository';
import { toPhoneState } from './presenter';

/**
 * PUT /cash/phone-sync: the caller's (a field agent's) phone reports its offline queue. Stored per
 * agent, only ever the caller's own; not money, so no ledger or audit row.
 */
export const reportPhoneSync = async (
  deps: AppDeps,
  actor: AuthUser,
  report: TPhoneSyncReport,
): Promise<TPhoneSyncResponse> => {
  const now = deps.clock.now();
  const lastSyncedAt = report.last_synced_at === null ? null : new Date(report.last_synced_at);
  if (lastSyncedAt && !isLastSyncedInBounds(lastSyncedAt, now))
    throw badRequest('VALIDATION_FAILED', LAST_SYNCED_MESSAGE, [
      { param: 'last_synced_at', msg: LAST_SYNCED_MESSAGE },
    ]);
  const stored = await savePhoneState(deps.db, {
    agentId: actor.id,
    pendingCount: report.pending_count,
    lastSyncedAt,
    reportedAt: now,
  });
  return { phone: toPhoneState(stored) };
};
