import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emiPayments, messages } from '../../src/db/schema';
import { sendsInFlight } from '../../src/modules/messages';
import { type HttpClient, httpClient } from '../support/http-client';
import { type MessageGateway, startMessageGateway } from '../support/message-gateway';
import {
  approvedLoans,
  type EngineKind,
  expectStatus,
  type ProcessEngine,
  paymentRows,
  processEngine,
  signInAdmin,
} from '../support/process-faults';
import { type ServerProcess, startServerProcess, waitUntilUp } from '../support/server-process';

/**
 * The server process is killed (SIGKILL: no shutdown, nothing given back) while its deliverer is
 * sending a burst of payment receipts to a slow SMS gateway, then started again on the same data.
 * Every receipt is sent (at least once: the ones the killed process had in flight are sent again
 * once their lease lapses, and only those), the outbox holds exactly one message per payment, and a
 * payment replayed with its Idempotency-Key writes no second message. On PGlite and on PostgreSQL.
 */

const LOANS = 4;
const EMIS_PAID = 15;
const PAYMENTS = LOANS * EMIS_PAID;
/** Payment requests in flight at once: one per loan. */
const CONCURRENCY = LOANS;
/** Slow enough that the 60 receipts take several seconds to leave. */
const RATE_PER_SECOND = 10;
const LEASE_SECONDS = 15;
/** The gateway answers each SMS this long after it arrived: the kill lands with requests unanswered. */
const GATEWAY_DELAY_MS = 2000;
/** The kill comes once this many receipts reached the gateway (and some are still unanswered). */
const KILL_AFTER_SENT = 10;
/** The deliverer's sends in flight at once per channel at this rate (deliverer.ts `sendsInFlight`). */
const SENDING_AT_ONCE = sendsInFlight(RATE_PER_SECOND);
const DLT_TEMPLATE_ID = '1107000000001';

type Payment = { loanId: number; emi: number; key: string };
type Counts = Record<'queued' | 'sending' | 'sent' | 'delivered' | 'failed' | 'cancelled', number>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The receipts' counts per status, as the admin's message log gives them. */
const receiptCounts = async (client: HttpClient, token: string): Promise<Counts> => {
  const body = expectStatus(await client.get('/api/messages?event=payment_received&limit=200', token));
  return body.counts as Counts;
};

/** Polls until no receipt is queued or sending; answers the last counts. */
const drained = async (client: HttpClient, token: string, timeoutMs: number): Promise<Counts> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await receiptCounts(client, token);
    if (counts.queued === 0 && counts.sending === 0) return counts;
    if (Date.now() > deadline) throw new Error(`receipts still waiting: ${JSON.stringify(counts)}`);
    await sleep(250);
  }
};

/** How many times each reference reached the gateway (SMS only). */
const referenceTally = (gateway: MessageGateway) => {
  const tally = new Map<string, number>();
  for (const request of gateway.received)
    if (request.channel === 'sms' && request.reference)
      tally.set(request.reference, (tally.get(request.reference) ?? 0) + 1);
  return tally;
};

describe.each<EngineKind>(['pglite', 'postgres'])('SIGKILL mid-delivery of receipts on %s', (kind) => {
  let engine: ProcessEngine;
  let gateway: MessageGateway;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    engine = await processEngine(kind);
    gateway = await startMessageGateway();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await gateway?.close();
    await engine?.drop();
  }, 60_000);

  it('sends every receipt, again only those in flight at the kill, and keeps one message per payment', async () => {
    const startedAt = Date.now();
    const env = {
      ...engine.env,
      SMS_PROVIDER: 'gupshup',
      SMS_API_URL: gateway.smsUrl,
      SMS_USER_ID: '2000123456',
      SMS_PASSWORD: 'gateway-secret',
      SMS_SENDER_HEADER: 'LENDCO',
      SMS_DLT_ENTITY_ID: '1101234567890',
      MESSAGES_RATE_PER_SECOND: String(RATE_PER_SECOND),
      MESSAGES_LEASE_SECONDS: String(LEASE_SECONDS),
    };
    server = await startServerProcess(env);
    await waitUntilUp(server, 180_000);
    let client = httpClient(server.url);
    const token = await signInAdmin(client);

    // An SMS leaves only with the DLT template id of its words.
    const listed = expectStatus(await client.get('/api/message-templates', token)).templates as {
      event: string;
      channel: string;
      language: string;
      body: string;
    }[];
    const receipt = listed.find(
      (row) => row.event === 'payment_received' && row.channel === 'sms' && row.language === 'en',
    );
    expect(receipt).toBeDefined();
    expectStatus(
      await client.call('PUT', '/api/message-templates/payment_received/sms/en', {
        token,
        body: { body: receipt?.body, provider_template_id: DLT_TEMPLATE_ID },
      }),
    );
    gateway.setDelay(GATEWAY_DELAY_MS);

    const loanIds = await approvedLoans(client, token, LOANS, EMIS_PAID);
    const queue: Payment[] = [];
    for (let emi = 1; emi <= EMIS_PAID; emi += 1)
      for (const loanId of loanIds)
        queue.push({ loanId, emi, key: `receipt-crash-${kind}-${loanId}-${emi}` });
    const payments = [...queue];
    const paidAt = Date.now();
    const worker = async () => {
      for (let payment = queue.shift(); payment; payment = queue.shift())
        expectStatus(
          await client.post(`/api/emi/pay/${payment.loanId}/${payment.emi}`, {}, token, payment.key),
        );
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const paymentMs = Date.now() - paidAt;

    // Kill once some receipts reached the gateway, at a moment some are still waiting for its answer
    // (with most of the delay left, so the killed process can never have read it).
    const killed = server;
    let sentBeforeKill = new Set<string>();
    let inFlightAtKill = new Set<string>();
    const deadline = Date.now() + 120_000;
    for (;;) {
      const tally = referenceTally(gateway);
      const unanswered = gateway
        .inFlight()
        .filter((request) => Date.now() - request.at.getTime() < GATEWAY_DELAY_MS - 300);
      if (tally.size >= KILL_AFTER_SENT && unanswered.length > 0) {
        sentBeforeKill = new Set(tally.keys());
        inFlightAtKill = new Set(gateway.inFlight().map((request) => request.reference as string));
        killed.child.kill('SIGKILL');
        break;
      }
      if (tally.size >= PAYMENTS || Date.now() > deadline)
        throw new Error(
          `no moment to kill mid-delivery: ${tally.size} of ${PAYMENTS} sent (payments took ${paymentMs} ms)`,
        );
      await sleep(10);
    }
    expect(await killed.exited).toBeNull();
    expect(killed.child.signalCode).toBe('SIGKILL');
    const killedAt = Date.now();
    // The kill really came mid-delivery: some receipts had not left, some were unanswered.
    expect(sentBeforeKill.size).toBeLessThan(PAYMENTS);
    expect(inFlightAtKill.size).toBeGreaterThan(0);

    // The same data, a new process: its deliverer takes the killed one's claims once their lease lapses.
    server = await startServerProcess(env);
    await waitUntilUp(server, 180_000);
    client = httpClient(server.url);
    const counts = await drained(client, token, 120_000);
    const drainedMs = Date.now() - killedAt;
    expect(counts).toMatchObject({ queued: 0, sending: 0, sent: PAYMENTS, failed: 0, cancelled: 0 });
    const requestsAfterDrain = gateway.received.length;

    // Every payment replayed with its key answers the stored outcome and writes no new message.
    for (const payment of payments) {
      const again = await client.post(
        `/api/emi/pay/${payment.loanId}/${payment.emi}`,
        {},
        token,
        payment.key,
      );
      expectStatus(again);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(await receiptCounts(client, token)).toEqual(counts);

    const stopped = server;
    stopped.child.kill('SIGTERM');
    expect(await stopped.exited).toBe(0);
    // Nothing more was sent after the outbox drained (the replays queued nothing).
    expect(gateway.received.length).toBe(requestsAfterDrain);

    const database = await engine.open();
    let rows: { id: number; eventKey: string; status: string; attempts: number }[];
    let paymentIds: number[];
    try {
      rows = await database.db
        .select({
          id: messages.id,
          eventKey: messages.eventKey,
          status: messages.status,
          attempts: messages.attempts,
        })
        .from(messages)
        .where(eq(messages.event, 'payment_received'));
      paymentIds = (await database.db.select({ id: emiPayments.id }).from(emiPayments)).map((row) => row.id);
    } finally {
      await database.close();
    }

    // One payment row per payment, one receipt per payment row, every one sent.
    const paid = await paymentRows(engine);
    expect(paid).toHaveLength(PAYMENTS);
    expect(new Set(paid).size).toBe(PAYMENTS);
    expect(rows).toHaveLength(PAYMENTS);
    expect(rows.map((row) => row.eventKey).sort()).toEqual(
      paymentIds.map((id) => `payment_received:${id}`).sort(),
    );
    expect(rows.every((row) => row.status === 'sent')).toBe(true);

    // Every receipt reached the gateway, under its own reference, with the DLT fields.
    const tally = referenceTally(gateway);
    expect([...tally.keys()].sort()).toEqual(rows.map((row) => `m-${row.id}`).sort());
    expect(tally.size).toBe(rows.length);
    for (const request of gateway.received) {
      expect(request.templateId).toBe(DLT_TEMPLATE_ID);
      expect(request.fields).toMatchObject({ mask: 'LENDCO', principalEntityId: '1101234567890' });
    }
    // A receipt went out no more often than it was claimed.
    for (const row of rows) expect(tally.get(`m-${row.id}`)).toBeLessThanOrEqual(row.attempts);

    // Sent twice: only what the killed process had already sent, at most its deliveries in flight,
    // and every one it was still waiting on.
    const duplicated = [...tally].filter(([, times]) => times > 1);
    for (const [reference, times] of duplicated) {
      expect(times).toBe(2);
      expect(sentBeforeKill.has(reference)).toBe(true);
    }
    const duplicatedRefs = new Set(duplicated.map(([reference]) => reference));
    for (const reference of inFlightAtKill) expect(duplicatedRefs.has(reference)).toBe(true);
    expect(duplicated.length).toBeLessThanOrEqual(SENDING_AT_ONCE);

    console.log(
      `[${kind}] ${PAYMENTS} receipts: ${sentBeforeKill.size} reached the gateway before the kill, ` +
        `${inFlightAtKill.size} unanswered at it; ${duplicated.length} sent twice ` +
        `(${duplicated.map(([reference]) => reference).join(', ')}); ${gateway.received.length} requests in all; ` +
        `payments ${paymentMs} ms, kill to drained ${drainedMs} ms, test ${Date.now() - startedAt} ms`,
    );
  }, 300_000);
});
