import { describe, expect, it } from 'vitest';
import { loanTestApp } from '../../../test/support/loan-api';
import type { FileStorage } from '../../platform/storage/file-storage';
import { runHousekeeping } from '../housekeeping';

const { t, cast } = await loanTestApp();

const status = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/stats/system/status',
    headers: cast.admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    overall: string;
    services: {
      name: string;
      status: string;
      uptime: string;
      detail: string;
      response_time_ms: number | null;
    }[];
  };
};
const service = (body: Awaited<ReturnType<typeof status>>, name: string) =>
  body.services.find((s) => s.name === name);

describe('GET /api/stats/system/status', () => {
  it('measures the database and the storage, and says the job has not run yet', async () => {
    const body = await status();
    expect(service(body, 'Database')).toMatchObject({ status: 'operational', detail: 'Answers queries' });
    expect(service(body, 'Database')?.response_time_ms).toEqual(expect.any(Number));
    expect(service(body, 'Document storage')).toMatchObject({ status: 'operational', detail: 'Writable' });
    expect(service(body, 'API server')).toMatchObject({
      status: 'operational',
      uptime: expect.stringMatching(/\d+[smhd]/),
    });
    expect(service(body, 'Background jobs')).toMatchObject({
      status: 'degraded',
      detail: 'Housekeeping has not run on this database yet',
    });
    expect(body.overall).toBe('degraded');
  });

  it('is operational once housekeeping has run, and degraded again when its last run is two hours old', async () => {
    await runHousekeeping(t.db, t.clock);
    let body = await status();
    expect(service(body, 'Background jobs')).toMatchObject({ status: 'operational', uptime: '0s ago' });
    expect(body.overall).toBe('operational');

    const earlier = new Date(t.clock.now().getTime() - 3 * 3_600_000);
    await runHousekeeping(t.db, { now: () => earlier, today: t.clock.today });
    body = await status();
    expect(service(body, 'Background jobs')).toMatchObject({
      status: 'degraded',
      detail: 'Housekeeping last ran 3h 0m ago; it should run hourly',
    });
  });

  it('reports storage down, with the reason, when a write fails', async () => {
    const original = t.deps.storage;
    const broken: FileStorage = {
      ...original,
      put: async () => {
        throw new Error('EACCES: permission denied');
      },
    };
    t.deps.storage = broken;
    try {
      const body = await status();
      expect(service(body, 'Document storage')).toMatchObject({
        status: 'down',
        detail: 'EACCES: permission denied',
      });
      expect(body.overall).toBe('down');
    } finally {
      t.deps.storage = original;
    }
  });
});
