import { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { jobReaches, QUICK_QUEUE } from '../../../test/support/jobs';
import { createTestApp } from '../../../test/support/test-app';
import { startJobQueue } from '../jobs';
import { lastHousekeepingRun } from './service';
import { enqueueHousekeepingSweep, housekeepingSweep, sweepKey } from './sweep';

const t = await createTestApp();
afterAll(() => t.close());

describe('housekeeping as a job', () => {
  it('is keyed by the hour (UTC)', () => {
    expect(sweepKey(new Date('2026-11-29T10:59:59.999Z'))).toBe('2026-11-29T10');
    expect(sweepKey(new Date('2026-11-29T11:00:00Z'))).toBe('2026-11-29T11');
  });

  it('runs once per hour however often it is enqueued, and records its run', async () => {
    t.clock.set(new Date('2026-11-29T10:05:00Z'));
    const first = await enqueueHousekeepingSweep(t.db, t.clock);
    t.clock.set(new Date('2026-11-29T10:55:00Z'));
    expect((await enqueueHousekeepingSweep(t.db, t.clock)).id).toBe(first.id);
    t.clock.set(new Date('2026-11-29T11:01:00Z'));
    const next = await enqueueHousekeepingSweep(t.db, t.clock);
    expect(next.id).not.toBe(first.id);
    expect([first.key, next.key]).toEqual(['2026-11-29T10', '2026-11-29T11']);

    // A book export past its week and one within it: the first sweep deletes the old one alone.
    const zip = () => Readable.from([Buffer.from('PK')]);
    const expired = 'exports/book-export-2026-11-20T100000Z-0b6c1c55-6f4e-4d43-9b1f-2f0d8b9f2a11.zip';
    const kept = 'exports/book-export-2026-11-28T100000Z-5d0a3a9e-3c55-4f59-8b55-0c7a0f3f9d21.zip';
    await t.deps.storage.putStream(expired, zip(), 'application/zip');
    await t.deps.storage.putStream(kept, zip(), 'application/zip');

    // Enqueued before any queue ran: a starting queue sends both.
    const queue = await startJobQueue({
      database: t.database,
      deps: t.deps,
      log: pino({ level: 'silent' }),
      runners: [housekeepingSweep],
      ...QUICK_QUEUE,
      // One at a time: two sweeps side by side would have the second skip (the sweep's own lock).
      workersPerKind: 1,
    });
    try {
      const deleted: string[] = [];
      for (const job of [first, next]) {
        const done = await jobReaches(t.db, job.id, (row) => row.status === 'succeeded');
        const summary = done.result?.summary ?? '';
        expect(summary).toMatch(
          /^Removed \d+ idempotency keys and \d+ sign-in counters; counted \d+ audit rows; stored \d+ closed days; deleted \d+ expired exports$/,
        );
        deleted.push(summary.replace(/^.*deleted (\d+) expired exports$/, '$1'));
      }
      // Whichever of the two ran first deleted it.
      expect(deleted.sort()).toEqual(['0', '1']);
      expect(await t.deps.storage.list('exports')).toEqual([kept]);
    } finally {
      await queue.stop();
    }
    expect(await lastHousekeepingRun(t.db)).toMatchObject({ lastOutcome: 'ok', lastError: null });
  });
});
