import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { rowsOf } from '../db/sql';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

const keyOf = (userId: number, key: string) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

/**
 * In one statement: the transaction's advisory lock on `lockKey` tried (`locked`), and only if it was
 * taken, (user, key) claimed for a first run (`claimed`; false when the key is already there).
 */
export const lockAndClaimIdempotencyKey = async (
  tx: Executor,
  lockKey: string,
  claim: { userId: number; key: string; fingerprint: string },
): Promise<{ locked: boolean; claimed: boolean }> => {
  const result = await tx.execute(sql`
    with attempt as (select pg_try_advisory_xact_lock(hashtextextended(${lockKey}, 0)) as locked),
    claim as (
      insert into idempotency_keys (user_id, key, fingerprint)
      select ${claim.userId}, ${claim.key}, ${claim.fingerprint} from attempt where attempt.locked
      on conflict do nothing returning 1)
    select (select locked from attempt) as locked, exists (select 1 from claim) as claimed`);
  const [row] = rowsOf<{ locked: boolean; claimed: boolean }>(result);
  return { locked: row?.locked === true, claimed: row?.claimed === true };
};

export const findIdempotencyKey = async (
  tx: Executor,
  userId: number,
  key: string,
): Promise<IdempotencyRow | null> => {
  const [row] = await tx.select().from(idempotencyKeys).where(keyOf(userId, key)).limit(1);
  return row ?? null;
};

/** Keeps the first run's answer for replays. */
export const storeIdempotentAnswer = async (
  tx: Executor,
  userId: number,
  key: string,
  answer: { status: number; body: unknown },
): Promise<void> => {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: answer.status, response: answer.body })
    .where(keyOf(userId, key));
};
