import type { ImportStatus, TImport } from '@lending/domain';
import pino from 'pino';
import { afterAll, vi } from 'vitest';
import { importCheckRunner, importCommitRunner } from '../../src/modules/imports';
import { type JobQueue, startJobQueue } from '../../src/modules/jobs';
import { multipart } from './factories';
import { QUICK_QUEUE } from './jobs';
import type { TestApp } from './test-app';

export type Headers = Record<string, string>;

/** POST /api/imports with `bytes` as the file named `name` (and the fields given). */
export const uploadImport = async (
  t: TestApp,
  headers: Headers,
  name: string,
  bytes: Buffer | string,
  fields: Record<string, string> = {},
) => {
  const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  const body = await multipart(fields, { file: { data, name } });
  return t.app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

/** Uploads a file that must be taken; answers the import. */
export const uploaded = async (t: TestApp, headers: Headers, name: string, bytes: Buffer | string) => {
  const response = await uploadImport(t, headers, name, bytes);
  if (response.statusCode !== 201) throw new Error(`upload refused: ${response.statusCode} ${response.body}`);
  return response.json().data as TImport;
};

export const getImport = async (t: TestApp, headers: Headers, id: number): Promise<TImport> =>
  (await t.app.inject({ method: 'GET', url: `/api/imports/${id}`, headers })).json().data;

export const postImport = (t: TestApp, headers: Headers, id: number, action: 'check' | 'commit') =>
  t.app.inject({ method: 'POST', url: `/api/imports/${id}/${action}`, headers });

/** Waits until the import's status is one of `statuses` and its job is finished; answers it. */
export const importReaches = (
  t: TestApp,
  headers: Headers,
  id: number,
  statuses: ImportStatus[],
  timeout = 60_000,
) =>
  vi.waitFor(
    async () => {
      const found = await getImport(t, headers, id);
      const jobDone = found.job === null || ['succeeded', 'failed'].includes(found.job.status);
      if (!statuses.includes(found.status) || !jobDone)
        throw new Error(`import ${id} is ${found.status}, its job ${found.job?.status}`);
      return found;
    },
    { timeout, interval: 100 },
  );

/** Starts the check, waits for its end; answers the import. */
export const checkImport = async (t: TestApp, headers: Headers, id: number) => {
  const started = await postImport(t, headers, id, 'check');
  if (started.statusCode !== 202) throw new Error(`check refused: ${started.statusCode} ${started.body}`);
  return importReaches(t, headers, id, ['checked', 'failed']);
};

/** Every error line of the import's last check, as the wizard lists them. */
export const errorLines = async (t: TestApp, headers: Headers, id: number, sheet?: string) => {
  const query = `pageSize=200${sheet ? `&sheet=${encodeURIComponent(sheet)}` : ''}`;
  const page = (
    await t.app.inject({ method: 'GET', url: `/api/imports/${id}/errors?${query}`, headers })
  ).json();
  return (page.errors as { sheet: string; row: number; column: string; message: string }[]).map(
    (error) => `${error.sheet}: Row ${error.row}, ${error.column}: ${error.message}`,
  );
};

/**
 * The job queue running the import's check and commit in this test file, with small batches (so
 * batch edges are crossed) and retries a second apart; stopped after the file's tests.
 */
export const startImportQueue = async (t: TestApp, batchRows = 7): Promise<JobQueue> => {
  const options = { batchRows, retryDelaySeconds: 1, retryLimit: 1 };
  const queue = await startJobQueue({
    database: t.database,
    deps: t.deps,
    log: pino({ level: 'silent' }),
    runners: [importCheckRunner(options), importCommitRunner(options)],
    ...QUICK_QUEUE,
  });
  afterAll(() => queue.stop());
  return queue;
};

/** The Agents and Customers sheets of a small book, as a lender would fill them in. */
export const PEOPLE = {
  agents: [
    ['Name', 'Mobile No', 'E-mail', 'Address', 'Active'],
    ['Ramesh Kumar', '9876500001', 'ramesh@example.com', '12 MG Road, Pune', 'Yes'],
    ['Sunita Devi', '+91 98765 00002', 'sunita@example.com', '', 'No'],
  ],
  customers: [
    ['Customer name', 'Phone', 'Email', 'Address', 'Customer ID', 'Agent', 'Referred by'],
    ['Anil Sharma', '9876500011', 'anil@example.com', 'Shop 4, Market Yard', 'C-101', '9876500001', ''],
    [
      'Meena Patil',
      '09876500012',
      'meena@example.com',
      'Lane 2, Hadapsar',
      'C-102',
      'sunita@example.com',
      'C-101',
    ],
    ['Ravi Rao', '9876500013', 'ravi@example.com', '', '', '9876500001', '9876500012'],
  ],
} as const;
