import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpAnswer, type HttpClient, httpClient } from '../support/http-client';
import {
  approvedLoans,
  expectStatus,
  type ProcessEngine,
  processEngine,
  signInAdmin,
} from '../support/process-faults';
import { type ServerProcess, startServerProcess, waitUntilUp } from '../support/server-process';
import { startTcpProxy } from '../support/tcp-proxy';

/**
 * PostgreSQL goes away under load and comes back (a restart, a network cut), simulated by a relay
 * between the server process and the machine's PostgreSQL: calls meanwhile answer 503
 * DATABASE_UNAVAILABLE, never 500; the process does not crash; it serves again by itself.
 */

const waitFor = async (what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('PostgreSQL unreachable under load', () => {
  let engine: ProcessEngine;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let server: ServerProcess;
  let client: HttpClient;
  let token: string;

  beforeAll(async () => {
    engine = await processEngine('postgres');
    const direct = new URL(engine.env.DATABASE_URL ?? '');
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const relayed = new URL(direct);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(proxy.port);
    server = await startServerProcess({ ...engine.env, DATABASE_URL: relayed.toString() });
    await waitUntilUp(server, 180_000);
    client = httpClient(server.url);
    token = await signInAdmin(client);
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await engine?.drop();
  }, 60_000);

  it('answers 503 DATABASE_UNAVAILABLE during the outage, never 500, and recovers by itself', async () => {
    const [loanId] = await approvedLoans(client, token, 1, 10);
    const answers: HttpAnswer[] = [];
    let loading = true;
    const reader = async () => {
      const paths = [
        '/api/loans',
        '/api/auth/me',
        '/api/loans/admin-dashboard',
        `/api/loans/${loanId}/payments`,
      ];
      for (let turn = 0; loading; turn += 1)
        answers.push(await client.get(paths[turn % paths.length] ?? '', token));
    };
    const readers = Array.from({ length: 4 }, reader);
    await waitFor('answers before the cut', () => answers.filter((a) => a.status === 200).length >= 20);

    await proxy.cut();
    const cutAt = answers.length;
    await waitFor(
      '503s during the outage',
      () => answers.slice(cutAt).filter((a) => a.status === 503).length >= 20,
    );
    const paying = await client.post(`/api/emi/pay/${loanId}/1`, {}, token, 'outage-pay-1');
    expect(paying.status, JSON.stringify(paying.body)).toBe(503);
    expect(paying.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(paying.headers.get('retry-after')).toBe('5');
    expect((await client.get('/api/health')).status).toBe(503);

    await proxy.restore();
    const restoredAt = answers.length;
    await waitFor(
      '200s after the restore',
      () => answers.slice(restoredAt).filter((a) => a.status === 200).length >= 20,
    );
    loading = false;
    await Promise.all(readers);

    // Nothing was recorded by the refused payment: the same key pays now, once.
    expectStatus(await client.post(`/api/emi/pay/${loanId}/1`, {}, token, 'outage-pay-1'));
    const failures = answers.filter((a) => a.status !== 200);
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      expect(failure.status, JSON.stringify(failure.body)).toBe(503);
      expect(failure.body.code).toBe('DATABASE_UNAVAILABLE');
    }
    expect(server.isRunning()).toBe(true);
    expect(server.output()).not.toMatch(/unhandled error/);
  }, 180_000);
});
