import type {
  TSupportMessage,
  TSupportMessageInput,
  TSupportPage,
  TSupportQuery,
  TSupportStatusUpdate,
} from '@lending/domain';
import { type AuthUser, isAllowed } from '../../platform/access';
import { type Actor, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import {
  findSupportRow,
  insertSupportMessage,
  listSupportMessages,
  lockSupportMessage,
  type SupportRow,
  type SupportScope,
  supportTotals,
  updateSupportStatus,
} from './repository';

/** Who reads every message and sets statuses: admins and the superadmin (the seeded admin role holds these). */
export const SUPPORT_READERS = { roles: ['admin'], permission: ['support', 'read'] } as const;
export const SUPPORT_EDITORS = { roles: ['admin'], permission: ['support', 'update'] } as const;

const toSupportMessage = (row: SupportRow): TSupportMessage => ({
  id: row.message.id,
  subject: row.message.subject,
  message: row.message.message,
  category: row.message.category,
  rating: row.message.rating,
  status: row.message.status as TSupportMessage['status'],
  createdAt: row.message.createdAt.toISOString(),
  user:
    row.userId === null
      ? null
      : { id: row.userId, name: row.userName ?? '', Role: { name: row.roleName ?? '' } },
});

/** Admins read every message; anyone else only the ones they wrote. */
const scopeOf = (reader: AuthUser): SupportScope =>
  isAllowed(reader, SUPPORT_READERS) ? { all: true } : { userId: reader.id };

const MESSAGE_NOT_FOUND = 'Support message not found';

/** Support messages: written by anyone signed in, answered (status) by admins. */
export const createSupport = (deps: AppDeps) => ({
  /** POST /support: the writer's new message, Pending, audited with it. */
  async create(writer: AuthUser, input: TSupportMessageInput, actor: Actor): Promise<TSupportMessage> {
    const id = await deps.db.transaction(async (tx) => {
      const row = await insertSupportMessage(tx, {
        userId: writer.id,
        subject: input.subject,
        message: input.message,
        category: input.category,
        rating: input.rating ?? null,
        createdAt: deps.clock.now(),
        updatedAt: deps.clock.now(),
      });
      await writeAudit(tx, actor, {
        action: 'support_created',
        resourceType: 'support_message',
        resourceId: row.id,
        metadata: { subject: row.subject, category: row.category, rating: row.rating },
      });
      return row.id;
    });
    const created = await findSupportRow(deps.db, id);
    if (!created) throw notFound(MESSAGE_NOT_FOUND);
    return toSupportMessage(created);
  },

  /** GET /support: one page, newest first, with the total and the counts per status. */
  async list(reader: AuthUser, query: TSupportQuery): Promise<TSupportPage> {
    const filter = { scope: scopeOf(reader), status: query.status, search: query.search || undefined };
    const rows = await listSupportMessages(deps.db, filter, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    const { total, counts } = await supportTotals(deps.db, filter);
    return {
      messages: rows.map(toSupportMessage),
      total,
      totalPages: Math.ceil(total / query.pageSize),
      page: query.page,
      counts,
    };
  },

  /** PATCH /support/{id}: any status to any other, audited with the one it replaced. */
  async setStatus(id: number, input: TSupportStatusUpdate, actor: Actor): Promise<TSupportMessage> {
    await deps.db.transaction(async (tx) => {
      const current = await lockSupportMessage(tx, id);
      if (!current) throw notFound(MESSAGE_NOT_FOUND);
      await updateSupportStatus(tx, id, input.status, deps.clock.now());
      await writeAudit(tx, actor, {
        action: 'support_status_updated',
        resourceType: 'support_message',
        resourceId: id,
        metadata: { from: current.status, to: input.status },
      });
    });
    const updated = await findSupportRow(deps.db, id);
    if (!updated) throw notFound(MESSAGE_NOT_FOUND);
    return toSupportMessage(updated);
  },
});
