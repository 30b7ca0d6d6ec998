import type { Db } from '../../db/client';
import { tryTransactionLock } from '../../db/sql';
import type { Clock } from '../../platform/clock';
import { refreshAuditActionCounts, settleFigure, storeClosedDays } from '../read-model';
import {
  deleteIdempotencyKeysBefore,
  deleteStaleLoginAttempts,
  findJobRun,
  type JobRun,
  recordJobRun,
} from './repository';

/** Idempotency keys are kept 48 hours: the API conventions ask for at least 24, and a client retrying after a day is rare. */
export const IDEMPOTENCY_KEY_TTL_MS = 48 * 3_600_000;
const LOGIN_ATTEMPT_TTL_MS = 24 * 3_600_000;
export const HOUSEKEEPING_INTERVAL_MS = 3_600_000;
/** The name housekeeping's runs are recorded under. */
export const HOUSEKEEPING_JOB = 'housekeeping';

export type HousekeepingResult = {
  ran: boolean;
  idempotencyKeys: number;
  loginAttempts: number;
  /** Audit rows folded into the audit screen's per-action counts. */
  auditRowsCounted: number;
  /** Closed days whose portfolio figures were stored (docs/portfolio.md). */
  portfolioDaysStored: number;
};

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Removes rows that have served their purpose, folds settled audit rows into their counts and stores
 * the portfolio's closed days; skipped when another process holds the job. A run
 * (or its failure) is recorded, so the system status can tell whether the job still runs.
 */
export const runHousekeeping = async (db: Db, clock: Clock): Promise<HousekeepingResult> => {
  try {
    // Closed days are stored from the loans' money totals: every committed ledger row folded in first.
    await settleFigure(db, 'loan-money-totals');
    return await db.transaction(async (tx) => {
      // Of N API processes only one runs the job at a time.
      if (!(await tryTransactionLock(tx, 'job:housekeeping')))
        return {
          ran: false,
          idempotencyKeys: 0,
          loginAttempts: 0,
          auditRowsCounted: 0,
          portfolioDaysStored: 0,
        };
      const now = clock.now();
      const result = {
        ran: true,
        idempotencyKeys: await deleteIdempotencyKeysBefore(
          tx,
          new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS),
        ),
        loginAttempts: await deleteStaleLoginAttempts(
          tx,
          new Date(now.getTime() - LOGIN_ATTEMPT_TTL_MS),
          now,
        ),
        auditRowsCounted: await refreshAuditActionCounts(tx),
        portfolioDaysStored: await storeClosedDays(tx, clock.today()),
      };
      await recordJobRun(tx, { name: HOUSEKEEPING_JOB, at: now, outcome: 'ok', error: null });
      return result;
    });
  } catch (error) {
    await recordJobRun(db, {
      name: HOUSEKEEPING_JOB,
      at: clock.now(),
      outcome: 'failed',
      error: describe(error),
    });
    throw error;
  }
};

/** Housekeeping's last recorded run, or null when it never ran on this database. */
export const lastHousekeepingRun = (db: Db): Promise<JobRun | null> => findJobRun(db, HOUSEKEEPING_JOB);
