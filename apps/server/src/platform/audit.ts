import type { Executor } from '../db/client';
import { insertAuditRow, type NewAuditRow } from './audit-repository';

/** Who did something and from where; taken from the request by the route. */
export type Actor = { userId: number | null; ip: string | null; userAgent: string | null };

export type AuditEntry = {
  action: string;
  resourceType?: string;
  resourceId?: string | number | null;
  metadata?: Record<string, unknown>;
};

/**
 * Writes one audit row and answers its id; call it with the transaction that makes the change, so
 * both land or neither (a money change's ledger rows carry the id).
 */
export const writeAudit = (executor: Executor, actor: Actor, entry: AuditEntry): Promise<number> =>
  insertAuditRow(executor, auditRowOf(actor, entry));

/** The audit row of `entry` by `actor`, for a repository that writes it together with other rows. */
export const auditRowOf = (actor: Actor, entry: AuditEntry): NewAuditRow => ({
  userId: actor.userId,
  action: entry.action,
  resourceType: entry.resourceType ?? null,
  resourceId: entry.resourceId === undefined || entry.resourceId === null ? null : String(entry.resourceId),
  ipAddress: actor.ip,
  userAgent: actor.userAgent,
  metadata: entry.metadata ?? {},
});

/** An edit's audit metadata: the same view of the row before and after, so the log shows what changed. */
export const beforeAfter = <T>(before: T, after: T, view: (row: T) => Record<string, unknown>) => ({
  before: view(before),
  after: view(after),
});
