import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { phoneSyncStates } from '../../db/schema';

/** What an agent's phone last reported. */
export type PhoneState = {
  agentId: number;
  pendingCount: number;
  lastSyncedAt: Date | null;
  reportedAt: Date;
};

/**
 * Stores an agent's phone report: the pending count as reported, the last sync the later of the
 * stored and the reported one (reports from two tabs may arrive out of order).
 */
export const savePhoneState = async (db: Executor, state: PhoneState): Promise<PhoneState> => {
  const [row] = await db
    .insert(phoneSyncStates)
    .values(state)
    .onConflictDoUpdate({
      target: phoneSyncStates.agentId,
      set: {
        pendingCount: state.pendingCount,
        lastSyncedAt: sql`greatest(${phoneSyncStates.lastSyncedAt}, excluded.last_synced_at)`,
        reportedAt: state.reportedAt,
      },
    })
    .returning();
  if (!row) throw new Error('the phone report was not stored');
  return row;
};

/** The phone reports of these agents (by id), for the cash positions. */
export const phoneStatesOf = async (db: Executor, agentIds: readonly number[]): Promise<PhoneState[]> =>
  agentIds.length === 0
    ? []
    : db
        .select()
        .from(phoneSyncStates)
        .where(inArray(phoneSyncStates.agentId, [...agentIds]));
