import { describe, expect, it } from 'vitest';
import type { TDayClose } from '../schemas/cash';
import type { TCollectionRecord } from '../schemas/field';
import { COLLECTION_REPORT_COLUMNS } from './collections-columns';
import { paiseOfRupees, type ReportColumnSpec, type ReportPlace, reportColumns } from './columns';
import { DAY_CLOSE_REPORT_COLUMNS } from './day-close-columns';

const headers = <Line>(specs: readonly ReportColumnSpec<Line>[], place: ReportPlace) =>
  reportColumns(specs, place).map((column) => column.header);

const cells = <Line>(specs: readonly ReportColumnSpec<Line>[], place: ReportPlace, line: Line) =>
  reportColumns(specs, place).map((column) => column.cell(line));

// Fields grouped by line: a record of the report as the API answers it.
const collection = (overrides: Partial<TCollectionRecord> = {}): TCollectionRecord => ({
  ...{ status: 'paid', record_type: 'emi', paid_at: '2026-11-21T05:00:00.000Z', bounced_at: null },
  ...{ business_date: '2026-11-21', collected_at: null, synced_late: false },
  collector: { id: 3, name: '=Ramesh', mobile: '9000000003' },
  customer: { id: 40, name: 'Sunita', mobile: null },
  ...{ loan_code: 'LN0001', loan_number: 12, emi_number: 3, payment_mode: 'upi' },
  ...{ amount: 120.5, instalment: 120.5, charges: 0, interest_share: 20 },
  ...overrides,
});

const close: TDayClose = {
  ...{ id: 7, collector_id: 3, collector_name: '-Anita', business_date: '2026-11-20' },
  collected: { cash: 120, upi: 5, bank_transfer: 0.01, cheque: 0.02, card: 0.03, other: 0 },
  ...{ opening_in_hand: 140, refunded: 1, handed_over: 120, received: 119.5, difference: -0.5 },
  ...{ carried_in_hand: 140, closed_by_id: 2, closed_by_name: 'Admin', note: '=1+1' },
  closed_at: '2026-11-21T12:34:56.789Z',
};

describe('the Agent Collections report columns', () => {
  it('head the CSV and the screen as they always have', () => {
    expect(headers(COLLECTION_REPORT_COLUMNS, 'csv').join(',')).toBe(
      'Date,Agent,Agent Mobile,Customer,Customer Mobile,Loan Code,Loan #,EMI #,Payment Mode,Status,Amount',
    );
    expect(headers(COLLECTION_REPORT_COLUMNS, 'screen').join(',')).toBe(
      'Date,Agent,Customer,Loan Code,Loan #,EMI #,Payment Mode,Status,Amount,Interest',
    );
  });

  it('write a record for spreadsheets: typed text defused, plain rupees, a refund as a number', () => {
    expect(cells(COLLECTION_REPORT_COLUMNS, 'csv', collection())).toEqual([
      '21-11-2026 10:30 AM',
      "'=Ramesh",
      '9000000003',
      'Sunita',
      '',
      'LN0001',
      '12',
      '3',
      'UPI',
      'Paid',
      '120.50',
    ]);
    const refund = collection({ record_type: 'refund', emi_number: null, amount: -10.5, payment_mode: null });
    expect(cells(COLLECTION_REPORT_COLUMNS, 'csv', refund).slice(7)).toEqual([
      'Refund',
      '-',
      'Refunded',
      -10.5,
    ]);
  });

  it('show a record on screen: rupees as collected, the interest share or a dash', () => {
    const bounced = collection({ status: 'bounced', paid_at: null, bounced_at: '2026-11-20T10:30:00Z' });
    expect(cells(COLLECTION_REPORT_COLUMNS, 'screen', bounced)).toEqual([
      '20-11-2026 04:00 PM',
      '=Ramesh',
      'Sunita',
      'LN0001',
      '12',
      '3',
      'UPI',
      'Bounced',
      '₹120.50',
      '₹20',
    ]);
    const held = collection({ record_type: 'credit_held', emi_number: null, interest_share: null });
    expect(cells(COLLECTION_REPORT_COLUMNS, 'screen', held).slice(5)).toEqual([
      'Credit held',
      'UPI',
      'Paid',
      '₹120.50',
      '—',
    ]);
  });
});

describe('the day-close report columns', () => {
  it('head the CSV, the screen and the PDF as they always have', () => {
    expect(headers(DAY_CLOSE_REPORT_COLUMNS, 'csv').join(',')).toBe(
      'Business Date,Collector,Opening In Hand,Collected Cash,Collected UPI,Collected Bank Transfer,Collected Cheque,Collected Card,Collected Other,Refunded,Handed Over,Received,Difference,Carried In Hand,Closed By,Closed At,Note',
    );
    expect(headers(DAY_CLOSE_REPORT_COLUMNS, 'screen').join(',')).toBe(
      'Day,Collector,Opening,Cash,UPI,Other Modes,Refunded,Handed Over,Received,Difference,Carried In Hand,Closed By',
    );
    expect(headers(DAY_CLOSE_REPORT_COLUMNS, 'pdf').join(',')).toBe(
      'Day,Collector,Opening,Cash in,Other modes,Refunded,Handed over,Difference,Carried,Closed by',
    );
  });

  it('write a closed day for spreadsheets (plain rupees, ISO) and for people (₹ with paise, DD-MM-YYYY)', () => {
    expect(cells(DAY_CLOSE_REPORT_COLUMNS, 'csv', close)).toEqual(
      [
        '2026-11-20',
        "'-Anita",
        '140.00',
        '120.00',
        '5.00',
        '0.01',
        '0.02',
        '0.03',
        '0.00',
        '1.00',
        '120.00',
      ].concat(['119.50', '-0.50', '140.00', 'Admin', '2026-11-21T12:34:56.789Z', "'=1+1"]),
    );
    // The screen's other modes leave UPI out (it has its own column); the PDF's take every mode but cash.
    expect(cells(DAY_CLOSE_REPORT_COLUMNS, 'screen', close).slice(3, 6)).toEqual([
      '₹120.00',
      '₹5.00',
      '₹0.06',
    ]);
    expect(cells(DAY_CLOSE_REPORT_COLUMNS, 'pdf', close)).toEqual([
      '20-11-2026',
      '-Anita',
      '₹140.00',
      '₹120.00',
      '₹5.06',
      '₹1.00',
      '₹120.00',
      '₹-0.50',
      '₹140.00',
      'Admin',
    ]);
  });

  it('put money on the right in the PDF', () => {
    const money = reportColumns(DAY_CLOSE_REPORT_COLUMNS, 'pdf').filter((column) => column.money);
    expect(money.map((column) => column.key)).toEqual([
      'opening',
      'collected_cash',
      'nonCash',
      'refunded',
      'handedOver',
      'difference',
      'carried',
    ]);
  });
});

describe('paiseOfRupees', () => {
  it('reads rupees exactly and never throws', () => {
    expect(paiseOfRupees(524288.07)).toBe(52_428_807);
    expect(paiseOfRupees(-0.5)).toBe(-50);
    expect(paiseOfRupees(1.005)).toBeNaN();
  });
});
