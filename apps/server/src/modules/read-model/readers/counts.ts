import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { roles, userRoleCounts } from '../../../db/schema';

/**
 * The readers of the counts kept by triggers (figures/counts.ts). Each answers what counting the rows
 * would, from a handful of kept rows; the caller decides when its filter allows that.
 */

/**
 * How many users hold the roles `where` names (a condition on `roles` alone, or none): the sum of
 * the per-role counts a trigger keeps (user_role_counts, migration 0042_list_counts).
 */
export const keptUserCount = async (db: Executor, where: SQL | undefined): Promise<number> => {
  const [counted] = await db
    .select({ total: sql<string>`coalesce(sum(${userRoleCounts.users}), 0)::text` })
    .from(userRoleCounts)
    .innerJoin(roles, eq(roles.id, userRoleCounts.roleId))
    .where(where);
  return Number(counted?.total ?? 0);
};
