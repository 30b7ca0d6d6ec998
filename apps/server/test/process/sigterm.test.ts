import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client';
import { TEST_ADMIN } from '../support/constants';
import { type EngineKind, type ProcessEngine, processEngine } from '../support/process-faults';
import { type ServerProcess, startServerProcess, waitUntilUp } from '../support/server-process';

/**
 * SIGTERM (what a service manager or a container runtime sends): the process stops accepting
 * connections, answers the request it is in the middle of, closes the database and exits 0.
 */

/** PostgreSQL's pg_control: the cluster's state is the int32 after the 8-byte id and two versions. */
const PG_CONTROL_STATE_OFFSET = 16;
const DB_SHUTDOWNED = 1;

const refusesConnections = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

/** A raw HTTP request whose body is sent in two halves, so the test decides when it can finish. */
const slowSignIn = (url: string) => {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password });
  const half = Math.floor(body.length / 2);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const answered = new Promise<string>((resolve, reject) => {
    socket.once('end', () => resolve(received));
    socket.once('error', reject);
  });
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
  );
  return { finish: () => socket.write(body.slice(half)), answered };
};

describe.each<EngineKind>(['pglite', 'postgres'])('SIGTERM on %s', (kind) => {
  let engine: ProcessEngine;
  let server: ServerProcess;

  beforeAll(async () => {
    engine = await processEngine(kind);
    server = await startServerProcess(engine.env);
    await waitUntilUp(server, 180_000);
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await engine?.drop();
  }, 60_000);

  it('stops accepting, finishes the request in flight, closes the database and exits 0', async () => {
    const inFlight = slowSignIn(server.url);
    // Answered on another connection after the first half was sent: the server has read that request's start.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    server.child.kill('SIGTERM');
    const deadline = Date.now() + 30_000;
    while (!(await refusesConnections(server.url))) {
      expect(Date.now(), 'still accepting connections after SIGTERM').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(server.isRunning()).toBe(true);

    inFlight.finish();
    const answer = await inFlight.answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toMatch(/"token":"[^"]+"/);
    expect(await server.exited).toBe(0);

    if (kind === 'pglite') {
      // A clean shutdown checkpoint: the next start replays no write-ahead log.
      const control = fs.readFileSync(path.join(engine.dataDir, 'db', 'global', 'pg_control'));
      expect(control.readInt32LE(PG_CONTROL_STATE_OFFSET)).toBe(DB_SHUTDOWNED);
    } else {
      // Every connection of the pool was closed, none left behind on the server.
      const url = engine.env.DATABASE_URL ?? '';
      const admin = openPostgres(url.replace(/\/[^/]+$/, '/postgres'));
      try {
        const { rows } = (await admin.db.execute(
          `select count(*)::int as n from pg_stat_activity where datname = '${new URL(url).pathname.slice(1)}'`,
        )) as unknown as { rows: { n: number }[] };
        expect(rows[0]?.n).toBe(0);
      } finally {
        await admin.close();
      }
    }
  }, 120_000);
});
