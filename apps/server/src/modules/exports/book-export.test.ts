import { BOOK_EXPORT_FILES, type BookExportFileName, bookExportReadme, rupeesToPaise } from '@lending/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvRecords, parseCsv } from '../../../test/support/csv';
import {
  EXPORT_ENTRY_NAMES,
  secretsOf,
  storedZip,
  tableCounts,
  wholeBookApp,
} from '../../../test/support/whole-book';
import { type BookExport, writeBookExport } from './index';

const { t, cast, extras } = await wholeBookApp();
const now = new Date('2026-11-29T10:30:12.345Z');

let result: BookExport;
let entries: Map<string, Buffer>;
let zip: Buffer;
const text = (name: string) => entries.get(name)?.toString('utf8') ?? '';
const records = (name: BookExportFileName) => csvRecords(text(name));

beforeAll(async () => {
  // Three rows a query: every table of more than three rows is read across batch edges.
  result = await writeBookExport({ db: t.db, storage: t.deps.storage, now, batchSize: 3 });
  ({ zip, entries } = await storedZip(t.deps.storage, result));
});

describe('the book export', () => {
  it('is one zip of a README and every declared file, named after its moment', () => {
    expect([...entries.keys()]).toEqual(EXPORT_ENTRY_NAMES);
    expect(result.fileName).toBe('book-export-2026-11-29T1030Z.zip');
    expect(result.storageKey).toMatch(/^exports\/book-export-2026-11-29T103012Z-[0-9a-f-]{36}\.zip$/);
  });

  it('gives each file the declared header and one row per record of its table', async () => {
    const counts = await tableCounts(t.db);
    expect(result.rows).toEqual(counts);
    expect(counts['payments.csv']).toBeGreaterThan(3);
    for (const file of BOOK_EXPORT_FILES) {
      const [header, ...rows] = parseCsv(text(file.name));
      expect(header, file.name).toEqual(file.columns.map((column) => column.header));
      expect(rows, file.name).toHaveLength(counts[file.name]);
      for (const row of rows) expect(row, file.name).toHaveLength(file.columns.length);
      // Every row once, in id order, across the batch edges.
      const ids = rows.map((row) => Number(row[0]));
      expect(ids, file.name).toEqual([...new Set(ids)].sort((a, b) => a - b));
    }
    expect(result.summary).toContain(`payments ${counts['payments.csv']}`);
  });

  it('writes money as exact rupees, and a payment agrees with its ledger rows', () => {
    const partial = records('payments.csv').find((row) => Number(row.id) === extras.partialPaymentId);
    expect(partial).toMatchObject({ payment_type: 'partial', amount: '50.05', payment_mode: 'cash' });
    const ledger = records('ledger.csv').filter(
      (row) => Number(row.payment_id) === extras.partialPaymentId && row.kind === 'collected',
    );
    expect(ledger.reduce((sum, row) => sum + rupeesToPaise(row.amount ?? ''), 0)).toBe(5005);
    expect(records('expenses.csv')).toContainEqual(
      expect.objectContaining({ expense_name: 'Fuel', amount_paid: '250.50' }),
    );
    const [bounce] = records('bounces.csv');
    expect(bounce).toMatchObject({ emi_number: '4', charge: '20.00', reason: 'No funds' });
    expect(bounce?.bounced_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // 20 days at ₹120 a day: ₹2,400 repayable on ₹2,000 lent.
    expect(records('loans.csv').map((row) => [row.loan_amount, row.total_repayable])).toEqual([
      ['2000.00', '2400.00'],
      ['2000.00', '2400.00'],
    ]);
  });

  it('holds no password hash, session, idempotency key, server secret or document key', async () => {
    const secrets = await secretsOf(t.db);
    expect(secrets.length).toBeGreaterThan(10);
    const written = [...entries.values()].map((entry) => entry.toString('utf8')).join('\n');
    for (const secret of secrets) {
      expect(written).not.toContain(secret);
      expect(zip.includes(secret)).toBe(false);
    }
    expect(written).not.toMatch(/\$argon2/);
  });

  it('says of an Aadhaar card only whether it is on file', () => {
    const asha = records('customers.csv').find((row) => Number(row.id) === cast.customerA.id);
    const bharat = records('customers.csv').find((row) => Number(row.id) === cast.customerB.id);
    expect(asha).toMatchObject({
      name: 'Asha Verma',
      aadhaar_card_on_file: 'true',
      pan_card_on_file: 'false',
    });
    expect(bharat).toMatchObject({ aadhaar_card_on_file: 'false' });
    expect(asha?.agent_id).toBe(String(cast.agentA.user.id));
  });

  it('counts each agent’s customers and lists accounts under their roles', () => {
    const agentA = records('agents.csv').find((row) => Number(row.id) === cast.agentA.user.id);
    expect(agentA).toMatchObject({ customers: '1', qr_code_on_file: 'false' });
    const roles = new Map(records('users.csv').map((row) => [Number(row.id), row.role]));
    expect(roles.get(cast.agentA.user.id)).toBe('agent');
    expect(roles.get(cast.customerA.id)).toBe('user');
  });

  it('has a README that gives every file’s row count and every column’s meaning', async () => {
    const readme = text('README.txt');
    // What the README says line by line is the domain's test; here, that the zip carries it whole.
    expect(readme).toBe(bookExportReadme(now, await tableCounts(t.db)));
    expect(readme).toContain('payments.csv: Every EMI payment recorded');
    for (const file of BOOK_EXPORT_FILES)
      for (const column of file.columns) expect(readme).toContain(`  ${column.header} (${column.kind}): `);
  });
});
