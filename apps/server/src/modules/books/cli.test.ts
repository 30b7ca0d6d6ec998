import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { payEmi } from '@lending/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_ADMIN } from '../../../test/support/constants';
import { applyToLoan, createLoan } from '../../../test/support/loans';
import { adminUrlFor } from '../../../test/support/postgres';
import { type Database, openPglite, openPostgres } from '../../db/client';
import { runVerify } from '../../verify';
import { seedSystemAccounts } from '../users';

/**
 * A small installation of its own, on the engine the suite runs on: a DATA_DIR with a PGlite
 * database, or a PostgreSQL database named by a DATABASE_URL. `open` is how the test reaches it
 * between runs of the CLI (the CLI opens it itself, exactly as the server would).
 */
const installation = async () => {
  const baseUrl = process.env.DATABASE_URL;
  const template = inject('postgresTemplate');
  if (baseUrl && template) {
    const name = `lending_verify_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = openPostgres(adminUrlFor(baseUrl));
    await admin.db.execute(`create database ${name} template ${template}`);
    const url = adminUrlFor(baseUrl, name);
    return {
      env: { DATABASE_URL: url },
      open: async (): Promise<Database> => openPostgres(url),
      remove: async () => {
        await admin.db.execute(`drop database if exists ${name}`);
        await admin.close();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-verify-'));
  const first = await openPglite({ dataDir: path.join(dataDir, 'db') });
  await first.migrate();
  await seedSystemAccounts(first.db, TEST_ADMIN);
  await first.close();
  return {
    env: { DATA_DIR: dataDir },
    open: () => openPglite({ dataDir: path.join(dataDir, 'db') }),
    remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
};

/** Runs the CLI entry and captures what it prints. */
const verify = async (env: NodeJS.ProcessEnv) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runVerify(env, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
};

/** Does something on the installation's database, closed again before the CLI opens it (PGlite is one process's). */
const withDatabase = async <T>(open: () => Promise<Database>, work: (db: Database['db']) => Promise<T>) => {
  const database = await open();
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
};

let site: Awaited<ReturnType<typeof installation>>;
let tampered = { id: 0, code: '' };

beforeAll(async () => {
  site = await installation();
  tampered = await withDatabase(site.open, async (db) => {
    const { loan } = await createLoan(db, { totalEmiDays: 5 });
    await applyToLoan(db, loan.id, (state) =>
      payEmi(state, { emiNumber: 1, paymentType: 'full', today: '2026-11-21' }),
    );
    await createLoan(db, { totalEmiDays: 5 });
    return { id: loan.id, code: loan.loanCode };
  });
});
afterAll(() => site.remove());

describe('npm run verify', () => {
  it('prints the count and the time and exits 0 when the books balance', async () => {
    const result = await verify(site.env);
    expect(result).toMatchObject({ code: 0, err: [] });
    expect(result.out).toEqual([expect.stringMatching(/^verify: 2 loans checked, all balanced \(\d+ ms\)$/)]);
  });

  it('prints each loan that differs, check by check, and exits 1', async () => {
    await withDatabase(site.open, (db) =>
      db.execute(sql`update emis set amount = 11000 from loans
        where emis.loan_id = loans.id and loans.id = ${tampered.id} and emis.emi_number = 3`),
    );
    const result = await verify(site.env);
    expect(result.code).toBe(1);
    expect(result.out).toEqual([
      `${tampered.code} (loan ${tampered.id}, approved)`,
      expect.stringMatching(/^ {2}schedule identity: EMI 3\|instalment: 12000 in, 11000 out; loan: /),
      '    loan scheduled + charges against collected + waived + written off + outstanding: expected ₹600.00, found ₹590.00',
      '  EMI rows: 1 figure(s) of the EMI rows differ from the ledger',
      '    EMI 3 amount (scheduled): expected ₹120.00, found ₹110.00',
      expect.stringMatching(/^verify: 1 of 2 loans differ \(\d+ ms\)$/),
    ]);
  });

  it('exits 2 without creating anything when DATA_DIR holds no database', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-verify-empty-'));
    const result = await verify({ DATA_DIR: empty });
    expect(result.code).toBe(2);
    expect(result.err).toEqual([
      `verify: no database in ${empty} (set DATA_DIR or DATABASE_URL as for the server)`,
    ]);
    expect(fs.readdirSync(empty)).toEqual([]);
    fs.rmSync(empty, { recursive: true });
  });
});
