import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client';
import { emiPayments } from '../../src/db/schema';
import { sha256 } from '../../src/platform/tokens';
import { runVerify } from '../../src/verify';
import { TEST_ADMIN } from '../support/constants';
import { samples } from '../support/factories';
import { type HttpAnswer, type HttpClient, httpClient } from '../support/http-client';
import { freshPostgresDatabase } from '../support/postgres';
import { type ServerProcess, startServerProcess, waitUntilUp } from '../support/server-process';

/**
 * Two real server processes on one fresh PostgreSQL database, as behind a load balancer: what one
 * process records, refuses or revokes, the other must see. This file always runs on PostgreSQL
 * (DATABASE_URL's server, else the machine's at 127.0.0.1:5432), also in the suite's PGlite run:
 * several processes are only possible there.
 */

let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let servers: ServerProcess[] = [];
let a: HttpClient;
let b: HttpClient;
let superadmin: string;
/** One DATA_DIR for both, as two processes on one machine (or a shared volume) would have. */
let sharedDataDir: string;

const signedIn = async (client: HttpClient, email: string, password: string) => {
  const answer = await client.login(email, password);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token as string;
};

const ok = (answer: HttpAnswer, status = 200) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
};

beforeAll(async () => {
  database = await freshPostgresDatabase('lending_procs');
  sharedDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-procs-'));
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: sharedDataDir,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    BUSINESS_DATE: '2026-11-21',
    LOG_LEVEL: 'warn',
  };
  // Started together on an empty database: the start-up lock lets one migrate and seed, then the other.
  servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  await Promise.all(servers.map((server) => waitUntilUp(server, 180_000)));
  const [first, second] = servers;
  if (!first || !second) throw new Error('two servers expected');
  a = httpClient(first.url);
  b = httpClient(second.url);
  superadmin = await signedIn(a, TEST_ADMIN.email, TEST_ADMIN.password);
}, 240_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
  if (sharedDataDir) fs.rmSync(sharedDataDir, { recursive: true, force: true });
}, 60_000);

const CUSTOMER_PASSWORD = 'secret123';

const userRoleId = async (client: HttpClient) => {
  const roles = ok(await client.get('/api/roles', superadmin)) as unknown as { id: number; name: string }[];
  return String(roles.find((role) => role.name === 'user')?.id);
};

/** A borrower account, created through `client`. */
const newCustomer = async (client: HttpClient, email: string) => {
  const form = {
    name: 'Asha Verma',
    email,
    password: CUSTOMER_PASSWORD,
    role_id: await userRoleId(client),
    is_active: 'true',
    mobile: '9876543210',
    address: '4 Station Road, Nashik',
  };
  return ok(await client.post('/api/users', form, superadmin), 201).user as { id: number; email: string };
};

/** A borrower made through B, a 10-day loan created through A and approved through B. */
const approvedLoan = async () => {
  const customer = await newCustomer(b, 'asha.verma@example.com');
  const form = {
    customer_id: String(customer.id),
    loan_amount: '1000',
    per_day_emi: '120',
    total_emi_days: '10',
    start_date: '2026-11-21',
    loan_reason: 'Shop stock',
    payment_method: 'cash',
  };
  const created = ok(await a.post('/api/loans', form, superadmin), 201).loan as { id: number };
  const approved = ok(
    await b.call('PUT', `/api/loans/${created.id}`, {
      token: superadmin,
      body: { ...form, status: 'approved' },
    }),
  );
  expect(approved.loan).toMatchObject({ status: 'approved' });
  return created.id;
};

describe('two API processes on one PostgreSQL', () => {
  it('pays each EMI exactly once under parallel requests through both, and the books balance', async () => {
    const loanId = await approvedLoan();
    const emis = [1, 2, 3, 4, 5];
    // Per EMI, 8 requests at once: 4 through each process, half with one shared Idempotency-Key.
    const sent = emis.flatMap((n) =>
      [a, b, a, b, a, b, a, b].map((client, index) => {
        const key = index < 4 ? `pay-${loanId}-${n}` : undefined;
        return client
          .post(`/api/emi/pay/${loanId}/${n}`, {}, superadmin, key)
          .then((answer) => ({ n, keyed: key !== undefined, answer }));
      }),
    );
    const answers = await Promise.all(sent);

    for (const n of emis) {
      const mine = answers.filter((sent) => sent.n === n);
      const fresh = mine.filter(
        ({ answer }) => answer.status === 200 && answer.headers.get('idempotent-replayed') !== 'true',
      );
      expect(fresh, `EMI ${n}: ${JSON.stringify(mine.map(({ answer }) => answer.status))}`).toHaveLength(1);
      for (const { keyed, answer } of mine.filter((sent) => sent !== fresh[0])) {
        if (answer.status === 200) {
          // Only a repeat of the same key may answer 200 again, and only as the first answer replayed.
          expect(keyed).toBe(true);
          expect(answer.headers.get('idempotent-replayed')).toBe('true');
          expect(answer.body).toEqual(fresh[0]?.answer.body);
        } else {
          expect(answer.status, JSON.stringify(answer.body)).toBe(409);
          expect(['EMI_ALREADY_PAID', 'IDEMPOTENCY_IN_FLIGHT']).toContain(answer.body.code);
        }
      }
    }

    const check = openPostgres(database.url);
    try {
      const rows = await check.db.select().from(emiPayments).where(eq(emiPayments.loanId, loanId));
      expect(rows.map((row) => row.emiNumber).sort()).toEqual(emis);
    } finally {
      await check.close();
    }
    const lines: string[] = [];
    const verdict = await runVerify(
      { DATABASE_URL: database.url },
      { out: (line) => lines.push(line), err: (line) => lines.push(line) },
    );
    expect(lines.join('\n')).toMatch(/1 loans checked, all balanced/);
    expect(verdict).toBe(0);
  }, 120_000);

  it('refuses through one process a session ended through the other (sign-out and revoke)', async () => {
    const signedOut = await signedIn(b, TEST_ADMIN.email, TEST_ADMIN.password);
    ok(await a.get('/api/auth/me', signedOut));
    ok(await b.post('/api/auth/logout', {}, signedOut));
    expect((await a.get('/api/auth/me', signedOut)).status).toBe(401);

    const revoked = await signedIn(b, TEST_ADMIN.email, TEST_ADMIN.password);
    ok(await b.get('/api/auth/me', revoked));
    const { id: userId } = ok(await a.get('/api/auth/me', superadmin)).user as { id: number };
    ok(await a.post(`/api/auth/admin/tokens/${userId}/${sha256(revoked)}/revoke`, {}, superadmin));
    expect((await b.get('/api/auth/me', revoked)).status).toBe(401);
    expect((await a.get('/api/auth/me', revoked)).status).toBe(401);
    // The superadmin's own session, used on both all along, is untouched.
    ok(await b.get('/api/auth/me', superadmin));
  }, 60_000);

  it('locks an account after 5 wrong passwords split across the two processes', async () => {
    const { email } = await newCustomer(a, 'guessed.at@example.com');
    for (const client of [a, b, a, b, a]) {
      const answer = await client.login(email, 'not-the-password');
      expect(answer.status, JSON.stringify(answer.body)).toBe(401);
    }
    for (const client of [b, a]) {
      const answer = await client.login(email, CUSTOMER_PASSWORD);
      expect(answer.status, JSON.stringify(answer.body)).toBe(429);
      expect(answer.body.code).toBe('ACCOUNT_LOCKED');
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  }, 60_000);

  it('opens through one process a document uploaded through the other (one link key, one folder)', async () => {
    const fields = {
      name: 'Bharat Singh',
      email: 'bharat.singh@example.com',
      password: CUSTOMER_PASSWORD,
      role_id: await userRoleId(a),
      is_active: 'true',
      mobile: '9876543211',
    };
    const cheque = { name: 'cheque.pdf', type: 'application/pdf', bytes: samples.pdf };
    const created = ok(await a.postForm('/api/users', fields, { bank_check: cheque }, superadmin), 201);
    const link = (created.user as { bank_check: string }).bank_check;
    expect(link).toMatch(/^\/api\/files\/.+signature=/);
    const opened = await b.bytes(link);
    expect(opened.status).toBe(200);
    expect(Buffer.from(opened.bytes).equals(Buffer.from(samples.pdf))).toBe(true);
  }, 60_000);
});
