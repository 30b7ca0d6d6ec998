import { describe, expect, it } from 'vitest';
import { checkedImport, importJob, makeImport } from '../../../test/import-fixtures';
import { formatBytes, IMPORT_POLL_MS, importProgress, mayOpenStep, pollWhileBusy, stepOf } from './imports';

describe('the import wizard helpers', () => {
  it('opens an import on the step its status calls for', () => {
    expect(stepOf(null)).toBe('template');
    expect(stepOf(makeImport(1))).toBe('map');
    expect(stepOf(makeImport(1, { status: 'checking' }))).toBe('check');
    expect(stepOf(checkedImport(1, 3))).toBe('check');
    expect(stepOf(makeImport(1, { status: 'committing' }))).toBe('commit');
    expect(stepOf(makeImport(1, { status: 'committed' }))).toBe('commit');
    expect(stepOf(makeImport(1, { status: 'failed', job: importJob('import.check', 1, 2) }))).toBe('check');
    expect(stepOf(makeImport(1, { status: 'failed', job: importJob('import.commit', 1, 2) }))).toBe('commit');
  });

  it('opens the later steps only once the import is far enough along', () => {
    expect(mayOpenStep('upload', null)).toBe(true);
    expect(mayOpenStep('map', null)).toBe(false);
    const uploaded = makeImport(1);
    expect(['map', 'check', 'commit'].map((step) => mayOpenStep(step as never, uploaded))).toEqual([
      true,
      true,
      false,
    ]);
    // A checked import with errors may open the commit step, where its button says why it waits.
    expect(mayOpenStep('commit', checkedImport(1, 4))).toBe(true);
    const committed = makeImport(1, { status: 'committed' });
    expect(['map', 'check', 'commit'].map((step) => mayOpenStep(step as never, committed))).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('polls only while an import is being checked or committed', () => {
    expect(pollWhileBusy([makeImport(1), makeImport(2, { status: 'checking' })])).toBe(IMPORT_POLL_MS);
    expect(pollWhileBusy([makeImport(1, { status: 'committing' })])).toBe(IMPORT_POLL_MS);
    expect(pollWhileBusy([checkedImport(1, 0), makeImport(2, { status: 'failed' })])).toBe(false);
    expect(pollWhileBusy(undefined)).toBe(false);
  });

  it('says the progress in rows, with its percent once the total is known', () => {
    expect(importProgress(importJob('import.check', 300, 1200))).toEqual({
      percent: 25,
      label: '300 of 1,200 rows',
    });
    expect(importProgress(importJob('import.check', 150_000, null))).toEqual({
      percent: null,
      label: '1,50,000 rows done',
    });
    expect(importProgress(importJob('import.commit', 0, null)).label).toBe('Starting…');
  });

  it('says sizes in bytes, KB or MB', () => {
    expect(formatBytes(120)).toBe('120 bytes');
    expect(formatBytes(48_000)).toBe('47 KB');
    expect(formatBytes(64 * 1024 * 1024)).toBe('64.0 MB');
  });
});
