import { describe, expect, it } from 'vitest';
import type { FakeBook } from './test-support';
import { checkSheet } from './test-support';

const HEADERS = [
  'Loan ID',
  'Customer',
  'Agent',
  'Loan Amount',
  'Daily EMI',
  'Days',
  'Start Date',
  'Status',
  'EMIs paid',
  'Amount paid',
  'Carried dues',
  'Late charges',
  'Last paid on',
];
const BOOK: FakeBook = {
  agents: { 'mobile:9876500001': { id: 5, name: 'Ramesh' }, 'mobile:9876500002': { id: 6, name: 'Sunita' } },
  customers: {
    'mobile:9876500011': { id: 11, name: 'Anil', agentId: 5 },
    'reference:C-102': { id: 12, name: 'Meena', agentId: null },
    'mobile:9876500013': 'many',
  },
  loans: { 'reference:OLD-9': { id: 9, code: 'LN000009', status: 'approved', startDate: '2026-01-01' } },
};
const check = (...rows: (string | number)[][]) => checkSheet('loans', HEADERS, rows, { book: BOOK });

describe('checking loans', () => {
  it('gives a good row as the loan and its position in paise', () => {
    const { records, errors } = check([
      'OLD-101',
      '9876500011',
      '9876500001',
      '10,000',
      '120',
      100,
      '01/10/2026',
      'Running',
      30,
      '3,600',
      '',
      '0',
      '30/10/2026',
    ]);
    expect(errors).toEqual([]);
    expect(records[0]).toEqual({
      reference: 'OLD-101',
      customer: { in: 'book', id: 11 },
      agent: { in: 'book', id: 5 },
      loanAmount: 1_000_000,
      perDayEmi: 12_000,
      totalEmiDays: 100,
      startDate: '2026-10-01',
      status: 'approved',
      emisPaid: 30,
      amountPaid: 360_000,
      carriedDues: 0,
      partPaid: 0,
      lateCharges: 0,
      lastPaymentDate: '2026-10-30',
    });
  });

  it("holds a loan to the loan form's limits, in its words where it has them", () => {
    const { errors } = check(
      ['L-1', '9876500011', '', '₹12,00,00,000', '120', 0, '01/10/2026'],
      ['L-2', '9876500011', '', '1000', '1500', 10, '01/10/2026'],
      ['L-3', '9876500011', '', '1000', '5', 10, '01/10/2026'],
      ['L-4', '9876500011', '', '1000', '100', 3651, '25/12/2099'],
      ['L-5', '9876500011', '', '0', '-5', 'ten', '31/11/2026'],
      ['L-6', '9876500011', '', '1000', '100', 20, '25/12/2099'],
    );
    expect(errors).toEqual([
      'Row 2, Loan Amount: ₹12,00,00,000 is over the loan limit of ₹10,00,00,000',
      'Row 2, Days: Tenure must be at least 1 day',
      'Row 3, Daily EMI: Per-day EMI cannot exceed the loan amount',
      'Row 4, Daily EMI: Per-day EMI × tenure must be at least the loan amount',
      'Row 5, Days: Tenure must be at most 3650 days',
      'Row 6, Loan Amount: must be more than ₹0',
      "Row 6, Daily EMI: '-5' is negative",
      "Row 6, Days: 'ten' is not a whole number",
      "Row 6, Start Date: '31/11/2026' is not a real date",
      'Row 7, Days: The last EMI would fall after 31-12-2099; shorten the tenure or start earlier',
    ]);
  });

  it('refuses a reference twice, one already in the book, and one like the book’s own codes', () => {
    const { errors } = check(
      ['LN-1', '9876500011', '', '1000', '100', 10, '01/10/2026'],
      ['ln-1', '9876500011', '', '1000', '100', 10, '01/10/2026'],
      ['OLD-9', '9876500011', '', '1000', '100', 10, '01/10/2026'],
      ['LN000123', '9876500011', '', '1000', '100', 10, '01/10/2026'],
    );
    expect(errors).toEqual([
      'Row 3, Loan ID: ln-1 appears again (first on row 2)',
      'Row 4, Loan ID: OLD-9 is already in the book (loan LN000009)',
      "Row 5, Loan ID: 'LN000123' looks like one of the book's own loan codes (LN000123); use your own numbering",
    ]);
  });

  it("finds the customer and holds the loan's agent to the customer's", () => {
    const { errors } = check(
      ['A', '9876500099', '', '1000', '100', 10, '01/10/2026'],
      ['B', '9876500013', '', '1000', '100', 10, '01/10/2026'],
      ['C', 'C-404', '', '1000', '100', 10, '01/10/2026'],
      ['D', '9876500011', '9876500002', '1000', '100', 10, '01/10/2026'],
      ['E', 'C-102', '9876500001', '1000', '100', 10, '01/10/2026'],
      ['F', '9876500011', '9876500000', '1000', '100', 10, '01/10/2026'],
    );
    expect(errors).toEqual([
      'Row 2, Customer: no customer with mobile 9876500099',
      'Row 3, Customer: more than one customer has mobile 9876500013; name the customer by their customer reference',
      'Row 4, Customer: no customer with reference C-404',
      'Row 5, Agent: is not the customer’s agent; a loan’s agent is always its customer’s agent',
      'Row 6, Agent: the customer has no agent; give the agent on the customer’s row',
      'Row 7, Agent: no agent with mobile 9876500000',
    ]);
  });

  it('checks the position against the terms and the cut-over day', () => {
    const { errors } = check(
      ['P-1', '9876500011', '', '10000', '120', 100, '01/10/2026', 'Approved', 101],
      ['P-2', '9876500011', '', '10000', '120', 100, '01/10/2026', 'Closed', 100, '', '50', '10'],
      ['P-3', '9876500011', '', '10000', '120', 100, '01/10/2026', 'Paid', 100, '', '', '', '30/09/2026'],
      ['P-4', '9876500011', '', '10000', '120', 100, '01/10/2026', 'NPA', 10, '', '', '', '06/11/2026'],
      ['P-5', '9876500011', '', '10000', '120', 100, '01/10/2026', 'Pending', '', '1,200.505'],
      ['P-6', '9876500011', '', '10000', '120', 100, '01/10/2026', 'Running', 100, '', '', '25'],
      ['P-7', '9876500011', '', '10000', '120', 100, '01/10/2026', 'Default', 100, '', '', '25'],
    );
    expect(errors).toEqual([
      'Row 2, EMIs paid: 101 EMIs paid is more than the tenure of 100 days',
      'Row 3, Carried dues: a closed loan owes nothing; clear this or set the status to Approved',
      'Row 3, Late charges: a closed loan owes nothing; clear this or set the status to Approved',
      'Row 4, Last paid on: 30/09/2026 is before the start date 01/10/2026',
      'Row 5, Last paid on: 06/11/2026 is after today (05/11/2026)',
      "Row 6, Status: 'Pending' is not one of: Approved, Closed, Default",
      "Row 6, Amount paid: '1,200.505' has more than 2 decimals (paise)",
      'Row 7, Late charges: every EMI is paid, so no EMI is left open to hold late charges; clear them or set the status to Closed or Default',
    ]);
  });

  it('finds customers on the Customers sheet, with the agent their row names', () => {
    const people = checkSheet(
      'agents',
      ['Name', 'Mobile', 'Email'],
      [['Ramesh', '9876500001', 'r@example.com']],
    );
    checkSheet(
      'customers',
      ['Name', 'Mobile', 'Email', 'Customer reference', 'Agent'],
      [['Anil Sharma', '9876500021', 'a@example.com', 'C-1', 'r@example.com']],
      { seen: people.seen },
    );
    const { records, errors } = checkSheet(
      'loans',
      HEADERS,
      [['X-1', 'c-1', '9876500001', '1000', '100', 10, '01/10/2026']],
      {
        seen: people.seen,
      },
    );
    expect(errors).toEqual([]);
    expect(records[0]).toMatchObject({ customer: { in: 'file', row: 2 }, agent: { in: 'file', row: 2 } });
  });
});
