import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories';
import { getJson, loanTestApp } from '../../../test/support/loan-api';
import { createLoan } from '../../../test/support/loans';

// Two rows per export query: the three loans cross a batch edge.
const { t, cast } = await loanTestApp({ exportBatchRows: 2 });
const codes: string[] = [];

beforeAll(async () => {
  const tricky = await createUser(t.db, { name: '=HYPERLINK("http://x")', mobile: '9000000001' });
  codes.push(
    (
      await createLoan(t.db, {
        customer: cast.customerA,
        loanAmountPaise: 123_456_700,
        perDayEmiPaise: 1_300_000,
      })
    ).loan.loanCode,
  );
  codes.push(
    (await createLoan(t.db, { customer: cast.customerB, status: 'pending_acceptance' })).loan.loanCode,
  );
  codes.push((await createLoan(t.db, { customer: tricky, paymentMethod: 'UPI, "PhonePe"' })).loan.loanCode);
});

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');

describe('GET /api/loans/export?export_type=csv', () => {
  it('streams every matching loan as CSV with a header row and a file name', async () => {
    const response = await getJson(t, cast.admin.headers, '/api/loans/export?export_type=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="loans_export.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = csvLines(response.body);
    expect(lines[0]).toBe(
      'Loan #,Loan Code,Customer,Mobile,Amount,Daily EMI,Tenure (Days),Total Repayable,Start Date,End Date,Payment Method,Status,Created At,Collected,Credit Held,Refunded',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d+,${codes[0]},Asha Verma,\\d+,1234567.00,13000.00,100,1300000.00,2026-11-21,2027-02-28,cash,approved,`,
      ),
    );
    // A cell a spreadsheet would run as a formula is made text; quotes and commas are escaped.
    expect(lines[3]).toContain(`,${codes[2]},"'=HYPERLINK(""http://x"")",9000000001,`);
    expect(lines[3]).toContain(',"UPI, ""PhonePe""",approved,');
  });

  it('exports with the list filters and the caller’s scope', async () => {
    const pending = csvLines(
      (await getJson(t, cast.admin.headers, '/api/loans/export?status=pending_acceptance')).body,
    );
    expect(pending).toHaveLength(2);
    expect(pending[1]).toContain(codes[1]);
    const agent = csvLines((await getJson(t, cast.agentA.headers, '/api/loans/export?export_type=csv')).body);
    expect(agent).toHaveLength(2);
    expect(agent[1]).toContain(codes[0]);
    const none = csvLines((await getJson(t, cast.admin.headers, '/api/loans/export?search=nobody')).body);
    expect(none).toHaveLength(1);
  });

  it.each([
    'sort_by=customer_name&sort_direction=desc',
    'sort_by=created_at&sort_direction=desc',
    'sort_by=loan_amount&sort_direction=asc',
    'sort_by=start_date&sort_direction=asc',
  ])('continues each batch in the list order (%s)', async (sort) => {
    const listed = (await getJson(t, cast.admin.headers, `/api/loans?limit=100&${sort}`)).json().loans as {
      loan_code: string;
    }[];
    const exported = csvLines((await getJson(t, cast.admin.headers, `/api/loans/export?${sort}`)).body)
      .slice(1)
      .map((line) => line.split(',')[1]);
    expect(exported).toEqual(listed.map((loan) => loan.loan_code));
    expect(exported).toHaveLength(3);
  });

  it('refuses borrowers and unknown export types', async () => {
    expect((await getJson(t, cast.borrower.headers, '/api/loans/export')).statusCode).toBe(403);
    const bad = await getJson(t, cast.admin.headers, '/api/loans/export?export_type=xlsx');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('export_type must be csv or pdf');
  });
});

describe('GET /api/loans/export?export_type=pdf', () => {
  it('answers a PDF table as loans_export.pdf', async () => {
    const response = await getJson(t, cast.admin.headers, '/api/loans/export?export_type=pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="loans_export.pdf"');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    // The embedded DejaVu Sans font (it has the ₹ sign), not a standard PDF font.
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
  });

  it('runs onto more pages, the header repeated, for longer lists', async () => {
    const customer = await createUser(t.db, { name: 'Many Loans' });
    for (let index = 0; index < 40; index += 1)
      await createLoan(t.db, { customer, totalEmiDays: 1, perDayEmiPaise: 100 });
    const response = await getJson(
      t,
      cast.admin.headers,
      `/api/loans/export?export_type=pdf&customer_id=${customer.id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
  });
});
