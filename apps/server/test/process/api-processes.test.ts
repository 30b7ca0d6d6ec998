import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../support/postgres';
import { type ServerProcess, startServerProcess, waitUntilUp } from '../support/server-process';

/**
 * `API_PROCESSES=2`: one start forks two workers sharing the port, on PostgreSQL (this file always
 * uses it, as two-processes.test.ts does). Which worker answered is read from the log lines, which
 * carry each process's pid: nothing in an answer tells a client which process served it.
 */

type LogLine = { pid: number; msg: string; workerPid?: number; code?: number | null; signal?: string | null };

const logLines = (server: ServerProcess): LogLine[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/** GET /api/health on a new connection each time, so the supervisor hands each to the next worker. */
const health = (url: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(`${url}/api/health`, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });

/** The pids that have answered a health check so far. */
const servingPids = (server: ServerProcess) =>
  new Set(
    logLines(server)
      .filter((line) => line.msg === 'request completed')
      .map((line) => line.pid),
  );

const workerPids = (server: ServerProcess) =>
  logLines(server)
    .filter((line) => line.msg === 'API process started')
    .map((line) => line.workerPid ?? 0);

/** Polls `condition`, failing with the server's output if it does not come true. */
const eventually = async (
  server: ServerProcess,
  what: string,
  condition: () => Promise<boolean> | boolean,
) => {
  for (let round = 0; round < 600; round += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not happen:\n${server.output()}`);
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('API_PROCESSES=2 on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await freshPostgresDatabase('lending_cluster');
    server = await startServerProcess({ DATABASE_URL: database.url, API_PROCESSES: '2' });
    await waitUntilUp(server, 180_000);
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  }, 60_000);

  it('serves from both workers, replaces one that dies, and stops them all on SIGTERM', async () => {
    await eventually(server, 'answers from two workers', async () => {
      expect(await health(server.url)).toBe(200);
      return servingPids(server).size === 2;
    });
    const [first, second] = workerPids(server);
    expect(new Set([first, second]).size).toBe(2);
    expect(servingPids(server)).toEqual(new Set([first, second]));
    // The database was migrated and seeded once: one worker printed the first superadmin.
    expect(server.output().match(/Superadmin created/g)).toHaveLength(1);

    process.kill(first ?? 0, 'SIGKILL');
    await eventually(server, 'a replacement worker', () => workerPids(server).length === 3);
    const ended = logLines(server).find((line) => line.msg === 'API process ended; starting another');
    expect(ended).toMatchObject({ workerPid: first, signal: 'SIGKILL' });
    const replacement = workerPids(server)[2] ?? 0;
    await eventually(server, 'an answer from the replacement', async () => {
      expect(await health(server.url)).toBe(200);
      return servingPids(server).has(replacement);
    });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect([second, replacement].filter((pid) => isAlive(pid ?? 0))).toEqual([]);
  }, 300_000);
});

// More than one process on the embedded database is refused by the configuration (config.test.ts),
// before anything starts, through the same path as the production refusals (production-start.test.ts).
describe('API_PROCESSES when the workers cannot start', () => {
  it('stops with exit code 1 when the workers cannot start (an unreachable database)', async () => {
    const server = await startServerProcess({
      API_PROCESSES: '2',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/lending_no_such_database',
    });
    try {
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('an API process failed to start; stopping the others');
    } finally {
      await server.stop();
    }
  }, 300_000);
});
