import type { JobStatus } from '@lending/domain';

/** A close's status as the Jobs screen words its jobs. */
export const CLOSE_STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** A close's status colour, as the Jobs screen colours its jobs. */
export const CLOSE_STATUS_COLORS: Record<JobStatus, string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
};

/** How long a close took: '850 ms', '12 s', '4 min 5 s'; '—' while it has not finished. */
export const closeDuration = (ms: number | null): string => {
  if (ms === null) return '—';
  if (ms < 1_000) return `${Math.max(0, Math.round(ms))} ms`;
  const totalSeconds = Math.floor(ms / 1_000);
  const minutes = Math.floor(totalSeconds / 60);
  return minutes === 0 ? `${totalSeconds} s` : `${minutes} min ${totalSeconds % 60} s`;
};
