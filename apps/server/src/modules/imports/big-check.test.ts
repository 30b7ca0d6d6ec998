import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/support/factories';
import {
  errorLines,
  importReaches,
  postImport,
  startImportQueue,
  uploaded,
} from '../../../test/support/imports';
import { usersTestApp } from '../../../test/support/users';

const { t } = await usersTestApp();
const admin = (await createSignedInUser(t, { role: 'admin' })).headers;
await startImportQueue(t, 1000);

const ROWS = 60_000;

/** A customers CSV of 60,000 rows whose row 60,000 (as the spreadsheet numbers it) has a bad mobile. */
const customersCsv = () => {
  const lines = ['Name,Mobile,Email,Customer reference'];
  for (let row = 2; row <= ROWS + 1; row += 1) {
    const mobile = row === 60_000 ? '98765' : String(7_000_000_000 + row);
    lines.push(`Customer ${row},${mobile},c${row}@example.com,REF-${row}`);
  }
  return `${lines.join('\n')}\n`;
};

describe('checking a big CSV file', () => {
  it('finds the one bad mobile on row 60000, in batches, and counts every row', {
    timeout: 300_000,
  }, async () => {
    const data = await uploaded(t, admin, 'customers.csv', customersCsv());
    expect(data.sheets).toMatchObject([{ name: 'customers', kind: 'customers', rows: ROWS }]);
    expect((await postImport(t, admin, data.id, 'check')).statusCode).toBe(202);
    const checked = await importReaches(t, admin, data.id, ['checked'], 280_000);
    expect(await errorLines(t, admin, data.id)).toEqual([
      "customers: Row 60000, Mobile: '98765' is not a 10-digit mobile number",
    ]);
    expect(checked.summary).toEqual({ customers: { rows: ROWS, valid: ROWS - 1, written: 0, toMatch: 0 } });
    expect(checked.job).toMatchObject({ progressDone: ROWS, progressTotal: ROWS });
  });
});
