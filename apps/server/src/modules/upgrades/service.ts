import {
  type TUpdateHistoryQuery,
  type TUpdateHistoryResponse,
  type TUpdateStatusRecord,
  type TUpdateStatusRequest,
  updateMessages,
  updateTransition,
} from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import { type Actor, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError, fieldError, forbidden } from '../../platform/errors';
import {
  countUpdateHistory,
  findLatestUpdateStatus,
  insertUpdateStatus,
  listUpdateHistory,
  lockUpdateStatus,
  type UpdateStatusWithUser,
} from './repository';

const UNKNOWN: TUpdateStatusRecord = {
  id: null,
  required_version: null,
  current_version: null,
  status: 'unknown',
  comments: null,
  last_updated_at: null,
  user_id: null,
  user: null,
};

const toRecord = ({ record, userName, userEmail }: UpdateStatusWithUser): TUpdateStatusRecord => ({
  id: record.id,
  required_version: record.requiredVersion,
  current_version: record.currentVersion,
  status: record.status,
  comments: record.comments,
  last_updated_at: record.lastUpdatedAt.toISOString(),
  user_id: record.userId,
  user: userName === null ? null : { name: userName, email: userEmail ?? '' },
});

/** The software update lifecycle: the current status, its history and every change, audited. */
export const createUpgrades = (deps: AppDeps) => ({
  /** GET /update-status: the latest record, or status `unknown` before the first. */
  async current(): Promise<TUpdateStatusRecord> {
    const latest = await findLatestUpdateStatus(deps.db);
    return latest === null ? UNKNOWN : toRecord(latest);
  },

  /** GET /update-status/history: newest first, paged in SQL. */
  async history(query: TUpdateHistoryQuery): Promise<TUpdateHistoryResponse> {
    const { page, limit, ...filter } = query;
    const rows = await listUpdateHistory(deps.db, filter, { limit, offset: (page - 1) * limit });
    const total = await countUpdateHistory(deps.db, filter);
    return { records: rows.map(toRecord), page, totalPages: Math.ceil(total / limit), total };
  },

  /**
   * POST /update-status: a new record if the lifecycle allows the step from the current status for
   * this caller (403 when their role may not take it, 409 when the current status forbids it). A
   * status-only body keeps the current versions and comments.
   */
  async change(user: AuthUser, body: TUpdateStatusRequest, actor: Actor): Promise<TUpdateStatusRecord> {
    return deps.db.transaction(async (tx) => {
      await lockUpdateStatus(tx);
      const latest = await findLatestUpdateStatus(tx);
      const from = latest?.record.status ?? 'unknown';
      const verdict = updateTransition(
        from,
        body.status,
        user.role === 'superadmin' ? 'superadmin' : 'admin',
      );
      if (!verdict.ok)
        throw verdict.refusal === 'forbidden'
          ? forbidden(verdict.message)
          : new AppError(verdict.refusal, verdict.message);
      const statusOnly = body.required_version === undefined && body.current_version === undefined;
      const requiredVersion = body.required_version ?? latest?.record.requiredVersion ?? null;
      if (requiredVersion === null)
        throw fieldError('VALIDATION_FAILED', 'required_version', updateMessages.requiredVersionRequired);
      const id = await insertUpdateStatus(tx, {
        status: body.status,
        requiredVersion,
        currentVersion: body.current_version ?? (statusOnly ? (latest?.record.currentVersion ?? null) : null),
        comments: body.comments ?? (statusOnly ? (latest?.record.comments ?? null) : null),
        userId: user.id,
        at: deps.clock.now(),
      });
      await writeAudit(tx, actor, {
        action: 'update_status_changed',
        resourceType: 'update_status',
        resourceId: id,
        metadata: { from, to: body.status, required_version: requiredVersion },
      });
      const saved = await findLatestUpdateStatus(tx);
      if (saved === null) throw new Error('the update status just saved is missing');
      return toRecord(saved);
    });
  },
});
