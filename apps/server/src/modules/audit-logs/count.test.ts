import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertProbeAuditRows } from '../../../test/support/audit-rows';
import { createUser } from '../../../test/support/factories';
import { usersTestApp } from '../../../test/support/users';
import { auditLogs } from '../../db/schema';
import { countAuditLogs, refreshAuditActionCounts } from '../read-model';

const { t } = await usersTestApp();

const seedRows = (userId: number | null, actions: string[], createdAt?: Date) =>
  insertProbeAuditRows(t.db, userId, actions, () => ({ createdAt }));

/** What a plain count over the whole table says: the figure the folded counts must equal. */
const directCount = async (action?: string) => {
  const [row] = await t.db
    .select({ total: count() })
    .from(auditLogs)
    .where(action === undefined ? undefined : eq(auditLogs.action, action));
  return Number(row?.total ?? 0);
};

const expectCountsTrue = async (actions: string[], userId: number) => {
  expect(await countAuditLogs(t.db, {})).toBe(await directCount());
  for (const action of actions)
    expect(await countAuditLogs(t.db, { action })).toBe(await directCount(action));
  const [own] = await t.db.select({ total: count() }).from(auditLogs).where(eq(auditLogs.userId, userId));
  expect(await countAuditLogs(t.db, { userId })).toBe(Number(own?.total));
};

describe('the audit screen’s totals', () => {
  it('fold settled rows into per-action counts and add the rows since, equal to a plain count', async () => {
    const actor = await createUser(t.db, { role: 'admin' });
    const actions = ['fold_a', 'fold_b', 'fold_never'];
    await seedRows(actor.id, ['fold_a', 'fold_a', 'fold_b'], new Date('2026-10-01T09:00:00Z'));
    await expectCountsTrue(actions, actor.id);

    const before = await directCount();
    expect(await refreshAuditActionCounts(t.db, 0)).toBe(before);
    await expectCountsTrue(actions, actor.id);

    // Fresh rows are not settled yet: the default refresh leaves them to the count of the rows since.
    await seedRows(actor.id, ['fold_a', 'fold_b', 'fold_b']);
    await seedRows(null, ['fold_b']);
    expect(await refreshAuditActionCounts(t.db)).toBe(0);
    await expectCountsTrue(actions, actor.id);

    // Once settled they are folded too, each exactly once.
    expect(await refreshAuditActionCounts(t.db, 0)).toBe(4);
    expect(await refreshAuditActionCounts(t.db, 0)).toBe(0);
    await expectCountsTrue(actions, actor.id);
    expect(await countAuditLogs(t.db, { action: 'fold_b' })).toBe(4);
    expect(await countAuditLogs(t.db, { action: 'fold_b', userId: actor.id })).toBe(3);
  });
});
