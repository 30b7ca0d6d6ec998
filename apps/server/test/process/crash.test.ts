import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackupCli } from '../../src/backup';
import { type HttpAnswer, httpClient } from '../support/http-client';
import {
  approvedLoans,
  type EngineKind,
  expectStatus,
  type ProcessEngine,
  paymentRows,
  processEngine,
  projectorLag,
  signInAdmin,
} from '../support/process-faults';
import { type ServerProcess, startServerProcess, waitUntilUp } from '../support/server-process';

/**
 * The server process is killed (SIGKILL: no shutdown, no flush) in the middle of a burst of
 * payments, then started again on the same data. Every payment the client saw acknowledged must be
 * there exactly once; a payment whose answer was lost is retried with its Idempotency-Key and ends
 * paid exactly once too; and the books balance. On PGlite (a data folder) and on PostgreSQL.
 */

const LOANS = 4;
const DAYS = 30;
/** Requests in flight at once; the kill comes with this many unanswered. */
const CONCURRENCY = 8;
/** The kill comes once this many payments were acknowledged. */
const KILL_AFTER_ACKS = 24;

type Payment = { loanId: number; emi: number; key: string };
const label = (payment: Payment) => `${payment.loanId}/${payment.emi}`;

describe.each<EngineKind>(['pglite', 'postgres'])('SIGKILL mid-burst of payments on %s', (kind) => {
  let engine: ProcessEngine;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    engine = await processEngine(kind);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await engine?.drop();
  }, 60_000);

  it('keeps every acknowledged payment exactly once, pays a retried lost one once, and the books balance', async () => {
    server = await startServerProcess(engine.env);
    await waitUntilUp(server, 180_000);
    let client = httpClient(server.url);
    const token = await signInAdmin(client);
    const loanIds = await approvedLoans(client, token, LOANS, DAYS);

    // EMI 1 of every loan, then EMI 2 of every loan, ...: the requests in flight hit different loans.
    const queue: Payment[] = [];
    for (let emi = 1; emi <= DAYS; emi += 1)
      for (const loanId of loanIds) queue.push({ loanId, emi, key: `crash-${kind}-${loanId}-${emi}` });
    const acknowledged = new Map<string, { payment: Payment; answer: HttpAnswer }>();
    /** Sent, but the process died before answering: the outcome is unknown to the client. */
    const unanswered: Payment[] = [];
    const killed = server;
    let dead = false;

    const worker = async () => {
      for (let payment = queue.shift(); payment && !dead; payment = queue.shift()) {
        try {
          const answer = await client.post(
            `/api/emi/pay/${payment.loanId}/${payment.emi}`,
            {},
            token,
            payment.key,
          );
          expectStatus(answer);
          acknowledged.set(label(payment), { payment, answer });
          if (acknowledged.size === KILL_AFTER_ACKS) {
            dead = true;
            killed.child.kill('SIGKILL');
          }
        } catch (error) {
          if (!dead) throw error;
          unanswered.push(payment);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(await killed.exited).toBeNull();
    expect(killed.child.signalCode).toBe('SIGKILL');
    // The kill really came mid-burst: requests were in flight and never answered.
    expect(unanswered.length).toBeGreaterThan(0);

    if (kind === 'pglite') {
      // A killed PGlite was not shut down: copying its folder could copy a torn database, so no backup.
      const refused = await runBackupCli(['backup', '--out', `${engine.dataDir}.tar.gz`], engine.env, {
        out: () => {},
        err: () => {},
      });
      expect(refused).toBe(1);
    }

    // The same data, a new process (PGlite recovers its data folder from the write-ahead log).
    server = await startServerProcess(engine.env);
    await waitUntilUp(server, 180_000);
    client = httpClient(server.url);

    // Replaying an acknowledged payment's key answers the first answer again: nothing is paid twice.
    for (const { payment, answer } of acknowledged.values()) {
      const again = await client.post(
        `/api/emi/pay/${payment.loanId}/${payment.emi}`,
        {},
        token,
        payment.key,
      );
      expectStatus(again);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(answer.body);
    }
    // A lost answer is retried with the same key: replayed if it had committed, paid now if not.
    for (const payment of unanswered)
      expectStatus(
        await client.post(`/api/emi/pay/${payment.loanId}/${payment.emi}`, {}, token, payment.key),
      );

    // The new process's projector folds what the killed one left (a fold it was in the middle of was
    // rolled back with its watermark): System Status says when no ledger row is left behind.
    for (let tries = 0; ; tries += 1) {
      const answer = await client.get('/api/stats/system/status', token);
      expectStatus(answer);
      const projector = (answer.body as { services: { name: string; uptime: string }[] }).services.find(
        (service) => service.name === 'Figures projector',
      );
      if (projector?.uptime === '0 rows behind') break;
      if (tries > 150) throw new Error(`the projector did not catch up: ${JSON.stringify(projector)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const stopped = server;
    stopped.child.kill('SIGTERM');
    expect(await stopped.exited).toBe(0);

    const expected = [...acknowledged.values()].map(({ payment }) => label(payment));
    const rows = await paymentRows(engine);
    // Exactly one row per payment sent (acknowledged or retried), none for what was never sent.
    expect(rows).toEqual([...expected, ...unanswered.map(label)].sort());
    expect(new Set(rows).size).toBe(rows.length);

    // Every ledger row is in the figure, and the figure equals its definition.
    expect(await projectorLag(engine)).toEqual({ unfolded: 0, mismatches: [] });
    const books = await engine.verify();
    expect(books.output).toMatch(new RegExp(`${LOANS} loans checked, all balanced`));
    expect(books.code).toBe(0);
  }, 300_000);
});
