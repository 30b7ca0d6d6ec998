import type { TJobStarted } from '@lending/domain';
import { type Actor, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { createJobs, startJobUnlessUnfinished } from '../jobs';

export const exportMessages = {
  started: 'Export started: the file will be on this job’s page when it is ready',
  alreadyRunning: 'An export is already on its way: here it is',
} as const;

/**
 * POST /jobs/export: starts the export of the whole book as a job, or answers the one still
 * queued or running. Each start is audited: the file holds every record of the lender.
 */
export const startBookExport = async (deps: AppDeps, actor: Actor): Promise<TJobStarted> => {
  const { row, started } = await startJobUnlessUnfinished(
    deps.db,
    { kind: 'export.everything', payload: {}, startedBy: actor.userId },
    deps.clock.now(),
  );
  if (started)
    await writeAudit(deps.db, actor, {
      action: 'book_export_started',
      resourceType: 'job',
      resourceId: row.id,
    });
  return {
    message: started ? exportMessages.started : exportMessages.alreadyRunning,
    data: await createJobs(deps).show(row.id),
  };
};
