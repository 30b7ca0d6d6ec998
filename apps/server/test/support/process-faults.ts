import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client';
import { emiPayments } from '../../src/db/schema';
import { KEPT_FIGURES, keptFigureMismatches, projectionLags } from '../../src/modules/read-model';
import { runVerify } from '../../src/verify';
import { TEST_ADMIN } from './constants';
import type { HttpAnswer, HttpClient } from './http-client';
import { freshPostgresDatabase } from './postgres';

export type EngineKind = 'pglite' | 'postgres';

/**
 * One database a server process can be stopped and started again on: PGlite in a DATA_DIR of its
 * own, or a fresh PostgreSQL database (with a DATA_DIR for the uploads). `open` is for after the
 * server has stopped (PGlite takes one process at a time).
 */
export const processEngine = async (kind: EngineKind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lending-faults-${kind}-`));
  const postgres = kind === 'postgres' ? await freshPostgresDatabase('lending_faults') : null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(postgres && { DATABASE_URL: postgres.url }),
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    BUSINESS_DATE: '2026-11-21',
    LOG_LEVEL: 'warn',
  };
  return {
    kind,
    env,
    dataDir,
    open: (): Promise<Database> =>
      postgres
        ? Promise.resolve(openPostgres(postgres.url))
        : openPglite({ dataDir: path.join(dataDir, 'db') }),
    /** `npm run verify` on this database, with what it printed. */
    verify: async () => {
      const lines: string[] = [];
      const sink = (line: string) => void lines.push(line);
      const code = await runVerify(env, { out: sink, err: sink });
      return { code, output: lines.join('\n') };
    },
    drop: async () => {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export type ProcessEngine = Awaited<ReturnType<typeof processEngine>>;

export const expectStatus = (answer: HttpAnswer, status = 200) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
};

export const signInAdmin = async (client: HttpClient) =>
  expectStatus(await client.login(TEST_ADMIN.email, TEST_ADMIN.password)).token as string;

/** `count` approved daily loans of `days` EMIs, each to a borrower of its own, made over HTTP. */
export const approvedLoans = async (client: HttpClient, token: string, count: number, days: number) => {
  const roles = expectStatus(await client.get('/api/roles', token)) as unknown as {
    id: number;
    name: string;
  }[];
  const roleId = String(roles.find((role) => role.name === 'user')?.id);
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const customer = expectStatus(
      await client.post(
        '/api/users',
        {
          name: `Borrower ${index + 1}`,
          email: `borrower${index + 1}@example.com`,
          password: 'secret123',
          role_id: roleId,
          is_active: 'true',
          mobile: `98765${String(index).padStart(5, '0')}`,
        },
        token,
      ),
      201,
    ).user as { id: number };
    const form = {
      customer_id: String(customer.id),
      loan_amount: String(days * 100),
      per_day_emi: '120',
      total_emi_days: String(days),
      start_date: '2026-11-21',
      loan_reason: 'Shop stock',
      payment_method: 'cash',
    };
    const loan = expectStatus(await client.post('/api/loans', form, token), 201).loan as { id: number };
    expectStatus(
      await client.call('PUT', `/api/loans/${loan.id}`, { token, body: { ...form, status: 'approved' } }),
    );
    ids.push(loan.id);
  }
  return ids;
};

/** Every EMI payment row of the database, as `loanId/emiNumber` strings (one per row). */
export const paymentRows = async (engine: ProcessEngine): Promise<string[]> => {
  const database = await engine.open();
  try {
    const rows = await database.db
      .select({ loanId: emiPayments.loanId, emiNumber: emiPayments.emiNumber })
      .from(emiPayments);
    return rows.map((row) => `${row.loanId}/${row.emiNumber}`).sort();
  } finally {
    await database.close();
  }
};

/**
 * Source rows (ledger rows, EMI changes) some projected figure has not folded in yet (after its
 * watermark), and the projected figures' mismatches against their definitions: both empty once every
 * projector caught up.
 */
export const projectorLag = async (
  engine: ProcessEngine,
): Promise<{ unfolded: number; mismatches: string[] }> => {
  const database = await engine.open();
  try {
    const unfolded = (await projectionLags(database.db)).reduce((sum, lag) => sum + lag.behind, 0);
    const mismatches = await keptFigureMismatches(
      database.db,
      20,
      KEPT_FIGURES.filter((f) => f.keeping === 'projector'),
    );
    return { unfolded, mismatches };
  } finally {
    await database.close();
  }
};
