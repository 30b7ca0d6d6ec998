import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csvHeader, csvRows, exportBookApp } from '../../../test/support/export-book';
import type { Headers } from '../../../test/support/loan-api';

// Three rows per query: the ten records of the book take four batches.
const { app, book } = await exportBookApp();
const { t, cast } = app;

const download = (headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/loans/agent/collection-report/export${query}`, headers });

const exported = async (headers: Headers, query = '') => {
  const response = await download(headers, query);
  expect(response.statusCode, response.body).toBe(200);
  return csvRows(response.body);
};

/** Columns: Date, Agent, Agent Mobile, Customer, Customer Mobile, Loan Code, Loan #, EMI #, Mode, Status, Amount. */
const lineOf = (row: string[]) => `${row[5]}#${row[7]} ${row[9]} ${row[10]}`;

describe('GET /api/loans/agent/collection-report/export', () => {
  it('exports every record of the filter across batches, in the report order, as a named CSV', async () => {
    const response = await download(cast.admin.headers);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="agent_collections_2026-11-21.csv"',
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(csvHeader(response.body)).toBe(
      'Date,Agent,Agent Mobile,Customer,Customer Mobile,Loan Code,Loan #,EMI #,Payment Mode,Status,Amount',
    );
    const rows = csvRows(response.body);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map(lineOf)).size).toBe(10);
    const paid = rows.filter((row) => row[9] === 'Paid').reduce((sum, row) => sum + Number(row[10]), 0);
    const bounced = rows.filter((row) => row[9] === 'Bounced').reduce((sum, row) => sum + Number(row[10]), 0);
    expect({ paid, bounced }).toEqual({ paid: 1080, bounced: 120 });

    // The same rows, in the same order, as the report's pages read one after another.
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/loans/agent/collection-report?limit=4&page=2',
      headers: cast.admin.headers,
    });
    const onPage = page.json().results as { loan_code: string; emi_number: number }[];
    expect(rows.slice(4, 8).map((row) => `${row[5]}#${row[7]}`)).toEqual(
      onPage.map((record) => `${record.loan_code}#${record.emi_number}`),
    );
  });

  it('respects the filters: one collector, a search', async () => {
    const ofA = await exported(cast.admin.headers, `?agentId=${cast.agentA.user.id}`);
    expect(ofA.map(lineOf).sort()).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `${book.loanA.loanCode}#${n} Paid 120.00`),
    );
    const searched = await exported(cast.admin.headers, `?search=${book.loanB.loanCode}`);
    expect(searched).toHaveLength(4);
    expect(searched.every((row) => row[5] === book.loanB.loanCode)).toBe(true);
    const dayAfter = await exported(
      cast.admin.headers,
      `?startDate=${encodeURIComponent('2026-11-22 00:00:00')}`,
    );
    expect(dayAfter).toEqual([]);
  });

  it('gives an agent only their own records, whatever they ask', async () => {
    const own = await exported(cast.agentB.headers, `?agentId=${cast.agentA.user.id}`);
    expect(own.map(lineOf).sort()).toEqual([
      `${book.loanB.loanCode}#1 Paid 120.00`,
      `${book.loanB.loanCode}#2 Paid 120.00`,
      `${book.loanB.loanCode}#3 Paid 120.00`,
      `${book.loanB.loanCode}#4 Bounced 120.00`,
    ]);
  });

  it('refuses borrowers (403) and bad filters (400)', async () => {
    expect((await download(cast.borrower.headers)).statusCode).toBe(403);
    expect((await download({})).statusCode).toBe(401);
    const backwards = await download(
      cast.admin.headers,
      `?startDate=${encodeURIComponent('2026-11-21 00:00:00')}&endDate=${encodeURIComponent('2026-11-20 00:00:00')}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().code).toBe('VALIDATION_FAILED');
    expect((await download(cast.admin.headers, '?startDate=2026-02-30')).statusCode).toBe(400);
    expect((await download(cast.admin.headers, '?agentId=abc')).statusCode).toBe(400);
  });

  it('keeps records of one moment in id order across batch edges, ids compared as numbers', async () => {
    // Twelve collections of one moment with ids 995…1006: as text, '999' would sort after '1000'.
    const rows = sql`generate_series(1, 12) g`;
    const moment = sql`timestamptz '2026-11-25 10:00+05:30'`;
    await t.db.execute(sql`
      insert into emi_payments (id, loan_id, emi_number, payment_type, payment_mode, amount, collected_by,
        payment_date, paid_at)
      select 994 + g, ${book.loanA.id}, 6 + g, 'full', 'cash', 100 * g, ${cast.agentA.user.id}, date '2026-11-25',
        ${moment}
      from ${rows}`);
    await t.db.execute(sql`
      insert into loan_ledger (id, loan_id, kind, cause, emi_number, amount, instalment, penalty, actor_id,
        business_date, payment_mode, payment_id, created_at)
      select 994 + g, ${book.loanA.id}, 'collected', 'payment', 6 + g, 100 * g, 100 * g, 0, ${cast.agentA.user.id},
        date '2026-11-25', 'cash', 994 + g, ${moment}
      from ${rows}`);
    const day = encodeURIComponent('2026-11-25 00:00:00');
    const exported_ = await exported(cast.admin.headers, `?startDate=${day}&endDate=${day}`);
    expect(exported_.map((row) => row[7])).toEqual([18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7].map(String));
  });
});
