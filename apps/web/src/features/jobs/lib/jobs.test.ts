import { describe, expect, it } from 'vitest';
import { makeJob } from '../../../test/job-fixtures';
import {
  formatDuration,
  JOB_POLL_MS,
  jobListParams,
  jobProgress,
  jobTook,
  pollWhileActive,
  readJobListParams,
} from './jobs';

describe('the jobs screen helpers', () => {
  it('says durations in seconds, minutes or hours', () => {
    expect(formatDuration(400)).toBe('0 s');
    expect(formatDuration(59_999)).toBe('59 s');
    expect(formatDuration(65_000)).toBe('1 min 5 s');
    expect(formatDuration(2 * 3_600_000 + 10 * 60_000 + 5_000)).toBe('2 h 10 min');
  });

  it('says how long a job took, has been running, or nothing before it started', () => {
    const now = Date.parse('2026-11-21T06:30:17.000Z');
    expect(jobTook(makeJob(1), now)).toBe('1 min 5 s');
    expect(jobTook(makeJob(1, { status: 'running', finishedAt: null }), now)).toBe('running for 12 s');
    expect(jobTook(makeJob(1, { status: 'queued', startedAt: null, finishedAt: null }), now)).toBe('—');
    // Waiting for a retry: the last attempt's start is no measure of anything.
    expect(jobTook(makeJob(1, { status: 'queued', attempts: 1, finishedAt: null }), now)).toBe('—');
  });

  it('gives the progress as n of m with its percent, or none when the total is unknown', () => {
    expect(jobProgress(makeJob(1, { progressDone: 3, progressTotal: 8 }))).toEqual({
      percent: 38,
      label: '3 of 8',
    });
    expect(jobProgress(makeJob(1, { progressDone: 5, progressTotal: null }))).toEqual({
      percent: null,
      label: '5 done',
    });
    expect(jobProgress(makeJob(1, { progressDone: 0, progressTotal: null }))).toEqual({
      percent: null,
      label: '—',
    });
    expect(jobProgress(makeJob(1, { progressDone: 0, progressTotal: 0 })).percent).toBe(100);
  });

  it('polls only while a job shown is queued or running', () => {
    expect(pollWhileActive([makeJob(1), makeJob(2, { status: 'running' })])).toBe(JOB_POLL_MS);
    expect(pollWhileActive([makeJob(1, { status: 'queued' })])).toBe(JOB_POLL_MS);
    expect(pollWhileActive([makeJob(1), makeJob(2, { status: 'failed' })])).toBe(false);
    expect(pollWhileActive(undefined)).toBe(false);
  });

  it('reads the filters from the address bar and writes them back, ignoring unknown values', () => {
    const read = readJobListParams(new URLSearchParams('status=failed&kind=export.everything&page=3'));
    expect(read).toEqual({ filters: { status: 'failed', kind: 'export.everything' }, page: 3 });
    expect(jobListParams(read.filters, read.page)).toEqual({
      status: 'failed',
      kind: 'export.everything',
      page: '3',
    });
    expect(readJobListParams(new URLSearchParams('status=lost&kind=x&page=-2'))).toEqual({
      filters: { status: '', kind: '' },
      page: 1,
    });
    expect(jobListParams({ status: '', kind: '' }, 1)).toEqual({});
  });
});
