import type { JobRunner } from '../jobs';
import { writeBookExport } from './service';

/**
 * "Export everything" as a background job. A retry writes a new file from a new snapshot (the
 * failed attempt's partial file is removed), so running it again is safe.
 */
export const exportEverything: JobRunner = {
  kind: 'export.everything',
  retryLimit: 2,
  retryDelaySeconds: 30,
  // A 100,000-loan book is tens of millions of rows: well under an hour, far over a request.
  leaseSeconds: 2 * 3600,
  run: async ({ deps, reportProgress, signal, log }) => {
    const exported = await writeBookExport({
      db: deps.db,
      storage: deps.storage,
      now: deps.clock.now(),
      signal,
      // Progress is a courtesy: a failed write of it is logged, never the export's failure.
      onProgress: (done, total) => {
        reportProgress(done, total).catch((error: unknown) =>
          log.warn({ err: error }, 'export progress not recorded'),
        );
      },
    });
    return {
      summary: exported.summary,
      file: { storageKey: exported.storageKey, fileName: exported.fileName },
    };
  },
};
