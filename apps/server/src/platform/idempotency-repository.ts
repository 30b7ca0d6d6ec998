import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

const keyOf = (userId: number, key: string) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

/** Claims (user, key) for a first run; false when the key is already there. */
export const claimIdempotencyKey = async (
  tx: Executor,
  claim: { userId: number; key: string; fingerprint: string },
): Promise<boolean> => {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values(claim)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
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
