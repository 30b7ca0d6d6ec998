import { describe, expect, it } from 'vitest';
import { importLookupsOf } from './check';
import { IMPORT_COLUMNS } from './columns';
import { matchHeaders } from './headers';
import { IMPORT_KINDS } from './kinds';
import { createImportSeen } from './seen';
import { checkSheet, type FakeBook, TODAY } from './test-support';

const HEADERS = ['Loan No', 'Amount', 'Txn Date', 'Mode', 'UTR', 'Collected by'];
const BOOK: FakeBook = {
  agents: { 'email:ramesh@example.com': { id: 5, name: 'Ramesh' } },
  loans: {
    'code:LN000045': { id: 45, code: 'LN000045', status: 'approved', startDate: '2026-10-01' },
    'code:LN000046': { id: 46, code: 'LN000046', status: 'closed', startDate: '2026-01-01' },
    'code:LN000047': { id: 47, code: 'LN000047', status: 'default', startDate: '2026-01-01' },
    'mobile:9876500011': { id: 45, code: 'LN000045', status: 'approved', startDate: '2026-10-01' },
    'mobile:9876500012': 'many',
    'number:46': { id: 46, code: 'LN000046', status: 'closed', startDate: '2026-01-01' },
  },
};
const check = (...rows: (string | number)[][]) => checkSheet('collections', HEADERS, rows, { book: BOOK });

describe('checking collections', () => {
  it('finds the loan by code, by mobile, or on the Loans sheet, and reads mode and reference', () => {
    const seen = createImportSeen();
    seen.loans.set('OLD-101', { row: 2, startDate: '2026-10-01', status: 'approved' });
    const { records, errors } = checkSheet(
      'collections',
      HEADERS,
      [
        ['LN000045', '₹ 1,200.50', '02/11/2026', 'GPay', '432109876543', 'Ramesh@example.com'],
        ['+91 98765 00011', 120, 46331, '', '', ''],
        ['old-101', '120', '2026-11-02', 'NEFT', '', ''],
      ],
      { book: BOOK, seen },
    );
    expect(errors).toEqual([]);
    expect(records).toEqual([
      {
        loan: { in: 'book', id: 45 },
        amount: 120_050,
        date: '2026-11-02',
        mode: 'upi',
        utr: '432109876543',
        collectedBy: { in: 'book', id: 5 },
        loanText: 'LN000045',
      },
      {
        loan: { in: 'book', id: 45 },
        amount: 12_000,
        date: '2026-11-05',
        mode: 'cash',
        utr: null,
        collectedBy: null,
        loanText: '+91 98765 00011',
      },
      {
        loan: { in: 'file', row: 2 },
        amount: 12_000,
        date: '2026-11-02',
        mode: 'bank_transfer',
        utr: null,
        collectedBy: null,
        loanText: 'old-101',
      },
    ]);
  });

  it('refuses what cannot be collected, in the words of the collection screens', () => {
    const { errors, unmatched } = check(
      ['LN000099', '100', '02/11/2026'],
      ['9876500012', '100', '02/11/2026'],
      ['LN000046', '100', '02/11/2026'],
      ['46', '100', '02/11/2026'],
      ['LN000047', '100', '02/11/2026'],
      ['LN000045', '0', '06/11/2026', 'Barter', '', '9876500077'],
      ['LN000045', '100', '30/09/2026', 'UPI', 'UTR-1'],
      ['LN000045', '100', '02/11/2026', 'UPI', 'utr-1'],
    );
    expect(errors).toEqual([
      'Row 3, Loan No: the customer with mobile 9876500012 has more than one running loan; give the loan reference or code',
      'Row 4, Loan No: LN000046 is closed; collections are taken on approved (running) loans only',
      'Row 5, Loan No: LN000046 is closed; collections are taken on approved (running) loans only',
      'Row 6, Loan No: LN000047 is in default; collections are taken on approved (running) loans only',
      'Row 7, Amount: must be more than ₹0',
      'Row 7, Txn Date: 06/11/2026 is after today (05/11/2026)',
      "Row 7, Mode: 'Barter' is not one of: Cash, UPI, Bank Transfer, Cheque, Card, Other",
      'Row 7, Collected by: no agent with mobile 9876500077',
      "Row 8, Txn Date: 30/09/2026 is before the loan's start date 01/10/2026",
      'Row 9, UTR: utr-1 appears again (first on row 8)',
    ]);
    // A loan found nowhere is no error: the row waits to be matched by hand.
    expect(unmatched).toEqual([
      { row: 2, loanText: 'LN000099', reason: 'no loan LN000099 in the book or on the Loans sheet' },
    ]);
  });

  it('keeps a row whose loan is found nowhere for matching by hand, with what it says', () => {
    const rows = [
      ['OLD-9', '₹ 250', '03/11/2026', 'UPI', 'UTR-9', 'ramesh@example.com'],
      ['OLD-9', '12 rupees', '03/11/2026'],
    ];
    const seen = createImportSeen();
    const checked = checkSheet('collections', HEADERS, rows, { book: BOOK, seen });
    expect(checked.records).toEqual([null, null]);
    expect(checked.unmatched).toEqual([
      { row: 2, loanText: 'OLD-9', reason: 'no loan OLD-9 in the book or on the Loans sheet' },
    ]);
    // A row with another fault is that fault's error, and does not wait.
    expect(checked.errors).toEqual(["Row 3, Amount: '12 rupees' is not an amount"]);
    expect(seen.utrs.get('UTR-9')).toBe(2);
  });
});

describe('importLookupsOf', () => {
  it('lists every question a row would ask the book, so that a batch can be fetched at once', () => {
    const headers = ['Loan', 'Amount', 'Date', 'Collected by'];
    const { mapping } = matchHeaders('collections', headers);
    const asks = importLookupsOf('collections', ['1234', '100', '02/11/2026', '09876500001'], {
      headers,
      mapping,
      today: TODAY,
    });
    expect(asks).toEqual([
      { what: 'loan', by: 'reference', key: '1234' },
      { what: 'loan', by: 'number', key: '1234' },
      { what: 'agent', by: 'mobile', key: '9876500001' },
    ]);
  });
});

describe("the template's example rows", () => {
  it('pass their checks, sheet after sheet, against a book with the loan code they name', () => {
    const seen = createImportSeen();
    for (const kind of IMPORT_KINDS) {
      const columns = IMPORT_COLUMNS[kind];
      const rows = [0, 1].map((row) => columns.map((column) => column.examples[row] ?? ''));
      const { errors } = checkSheet(
        kind,
        columns.map((column) => column.header),
        rows,
        { book: BOOK, seen },
      );
      expect(errors, kind).toEqual([]);
    }
  });
});
