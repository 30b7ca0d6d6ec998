import { describe, expect, it } from 'vitest';
import { csvHeader, csvRows, exportBookApp } from '../../../test/support/export-book';
import type { Headers } from '../../../test/support/loan-api';
import { grantAgentsReports } from '../../../test/support/loans';

// Three rows per query: the ten credit events of the book take four batches.
const { app, book } = await exportBookApp();
const { t, cast } = app;

const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });
const exported = async (headers: Headers, query = '') => {
  const response = await get(headers, `/api/reports/export${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return csvRows(response.body);
};
/** Columns: Date, Customer, Loan Code, EMI #, Event, Amount, Bounce Reason, Bounce Date. */
const lineOf = (row: string[]) => `${row[2]}#${row[3]} ${row[4]}`;

describe('GET /api/reports: the stat cards', () => {
  it('counts every match by kind in SQL, not the page of 2', async () => {
    const response = await get(cast.admin.headers, '/api/reports?limit=2');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.reports).toHaveLength(2);
    expect(data.total).toBe(10);
    expect(data.counts).toEqual({ paidOnTime: 0, paidLate: 9, bounced: 1 });
    const searched = (
      await get(cast.admin.headers, `/api/reports?limit=2&search=${book.loanB.loanCode}`)
    ).json();
    expect(searched.data.counts).toEqual({ paidOnTime: 0, paidLate: 3, bounced: 1 });
  });
});

describe('GET /api/reports/export', () => {
  it('exports every event of the filter across batches, newest first, as a named CSV', async () => {
    const response = await get(cast.admin.headers, '/api/reports/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="credit_report_2026-11-21.csv"',
    );
    expect(csvHeader(response.body)).toBe(
      'Date,Customer,Loan Code,EMI #,Event,Amount,Bounce Reason,Bounce Date',
    );
    const rows = csvRows(response.body);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map(lineOf)).size).toBe(10);
    // Newest first: the bounce was recorded last.
    expect(lineOf(rows[0] ?? [])).toBe(`${book.loanB.loanCode}#4 EMI Bounced`);
    expect(rows[0]?.slice(6)).toEqual(['No funds', '21-11-2026']);
    expect(rows.filter((row) => row[4] === 'Paid Late')).toHaveLength(9);
    expect(rows.reduce((sum, row) => sum + Number(row[5]), 0)).toBe(9 * 120 + 140);
  });

  it('respects the search and the customer', async () => {
    const searched = await exported(cast.admin.headers, `?search=${book.loanA.loanCode}`);
    expect(searched.map(lineOf).sort()).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `${book.loanA.loanCode}#${n} Paid Late`),
    );
    expect(await exported(cast.admin.headers, `?customer_id=${cast.customerB.id}`)).toHaveLength(4);
  });

  it('needs reports:read; an agent holding it exports only their own customers', async () => {
    expect((await get(cast.agentA.headers, '/api/reports/export')).statusCode).toBe(403);
    expect((await get(cast.borrower.headers, '/api/reports/export')).statusCode).toBe(403);
    await grantAgentsReports(t);
    const own = await exported(cast.agentB.headers);
    expect(own.every((row) => row[2] === book.loanB.loanCode)).toBe(true);
    expect(own).toHaveLength(4);
  });

  it('answers bad filters with 400', async () => {
    const response = await get(cast.admin.headers, '/api/reports/export?customer_id=abc');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});
