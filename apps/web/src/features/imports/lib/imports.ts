import { IMPORT_KINDS, type ImportKind, type ImportStatus, type TImport } from '@lending/domain';
import { inIst } from '../../../lib/dayjs';

/** How often a screen showing an import being checked or committed asks the server again. */
export const IMPORT_POLL_MS = 2_000;

/** Whether a job is working on the import now, so its status and progress will still move. */
export const isImportBusy = (item: Pick<TImport, 'status'>): boolean =>
  item.status === 'checking' || item.status === 'committing';

/** A query's refetch interval for the imports it shows: every 2 s while one is busy, else none. */
export const pollWhileBusy = (imports: readonly TImport[] | undefined): number | false =>
  imports?.some(isImportBusy) === true ? IMPORT_POLL_MS : false;

export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  uploaded: 'Uploaded',
  checking: 'Checking',
  checked: 'Checked',
  committing: 'Importing',
  committed: 'Imported',
  failed: 'Failed',
};

export const IMPORT_STATUS_COLORS: Record<ImportStatus, string> = {
  uploaded: 'gray',
  checking: 'blue',
  checked: 'teal',
  committing: 'blue',
  committed: 'green',
  failed: 'red',
};

/** The wizard's steps in order. */
export const IMPORT_STEPS = ['template', 'upload', 'map', 'check', 'commit'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

export const IMPORT_STEP_TITLES: Record<ImportStep, string> = {
  template: 'Template',
  upload: 'Upload',
  map: 'Map columns',
  check: 'Check',
  commit: 'Import',
};

/** Whether the import's last failure was its commit's (else its check's). */
const commitFailed = (item: TImport) => item.status === 'failed' && item.job?.kind === 'import.commit';

/** The step an import opens on: where its status says the lender has work to do or to watch. */
export const stepOf = (item: TImport | null): ImportStep => {
  if (item === null) return 'template';
  switch (item.status) {
    case 'uploaded':
      return 'map';
    case 'checking':
    case 'checked':
      return 'check';
    case 'committing':
    case 'committed':
      return 'commit';
    case 'failed':
      return commitFailed(item) ? 'commit' : 'check';
  }
};

/**
 * The steps the lender may open for an import: the template and a new upload always; the mapping
 * and the check until a commit starts; the commit step once checked (its button says why it waits).
 */
export const mayOpenStep = (step: ImportStep, item: TImport | null): boolean => {
  if (step === 'template' || step === 'upload') return true;
  if (item === null) return false;
  const { status } = item;
  if (step === 'map') return status === 'uploaded' || status === 'checked' || status === 'failed';
  if (step === 'check') return status !== 'committing' && status !== 'committed';
  return status === 'checked' || status === 'committing' || status === 'committed' || commitFailed(item);
};

/** The kinds an import's summary holds, in the order an import takes them. */
export const summaryKinds = (item: TImport): ImportKind[] =>
  IMPORT_KINDS.filter((kind) => item.summary?.[kind] !== undefined);

/** A count as the product writes it: '1,20,000'. */
export const formatCount = (count: number): string => count.toLocaleString('en-IN');

/** The progress of the job checking or committing an import: its percent (null when unknown) and words. */
export const importProgress = (
  job: NonNullable<TImport['job']>,
): { percent: number | null; label: string } => {
  const { progressDone: done, progressTotal: total } = job;
  if (total === null || total === 0)
    return { percent: null, label: done > 0 ? `${formatCount(done)} rows done` : 'Starting…' };
  return {
    percent: Math.min(100, Math.round((done / total) * 100)),
    label: `${formatCount(done)} of ${formatCount(total)} rows`,
  };
};

/** '2.5 MB', '800 KB', '120 bytes'. */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};

/** A moment in Asia/Kolkata as the lists show it ('21-11-2026 12:00 PM'); '-' when absent. */
export const formatImportTime = (moment: string | null): string =>
  moment === null ? '-' : inIst(moment).format('DD-MM-YYYY hh:mm A');

/** The rows an import's file holds over every sheet it reads. */
export const importedRows = (item: TImport): number =>
  item.sheets.reduce((sum, sheet) => sum + (sheet.kind === null ? 0 : sheet.rows), 0);

/** An import's name on the screens: 'loans.xlsx (#12)'. */
export const importName = (item: Pick<TImport, 'id' | 'fileName'>): string =>
  `${item.fileName} (#${item.id})`;
