import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { previewErrors } from '../../../test/support/import-files';
import { AppError } from '../../platform/errors';
import { type ImportFileEvent, readImportRows } from './reader';

// A full collection before each heap sample, so the sample is what is held, not garbage not yet swept.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const MB = 1024 * 1024;
const ROWS = 100_000;
const ADDRESS = 'Shop 4, Market Yard, Gultekdi, Pune 411037, near the old bus stand, opposite the temple';

/** A customers CSV of `rows` rows made as it is read (the test never holds it either), and its size in bytes. */
const customersCsv = (rows: number, badMobileAt: number) => {
  const counter = { bytes: 0 };
  async function* lines() {
    const header = 'Name,Mobile,Email,Address,Customer reference\n';
    counter.bytes += header.length;
    yield Buffer.from(header);
    let batch = '';
    for (let row = 2; row <= rows + 1; row += 1) {
      const mobile = row === badMobileAt ? '98765' : String(9_000_000_000 + row);
      batch += `Customer ${row},${mobile},c${row}@example.com,"${ADDRESS}",REF-${row}\n`;
      if (batch.length > 64 * 1024 || row === rows + 1) {
        const chunk = Buffer.from(batch);
        counter.bytes += chunk.length;
        batch = '';
        yield chunk;
      }
    }
  }
  return { stream: Readable.from(lines(), { objectMode: false }), counter };
};

/** The events of `events`, passed on while the heap is sampled every 10,000 rows; the peak growth in MB. */
const sampled = (events: AsyncIterable<ImportFileEvent>) => {
  collectGarbage();
  const base = process.memoryUsage().heapUsed;
  const heap = { peakMb: 0 };
  async function* pass() {
    let rows = 0;
    for await (const event of events) {
      yield event;
      rows += 1;
      if (rows % 10_000 === 0) {
        collectGarbage();
        heap.peakMb = Math.max(heap.peakMb, (process.memoryUsage().heapUsed - base) / MB);
      }
    }
  }
  return { events: pass(), heap };
};

describe('a big CSV file', () => {
  it('is read row by row: the heap holds a row, never the file', async () => {
    const { stream, counter } = customersCsv(ROWS, 0);
    const reading = sampled(readImportRows(stream, { fileName: 'customers.csv' }));
    let rows = 0;
    for await (const event of reading.events) if (event.type === 'row') rows += 1;
    const fileMb = counter.bytes / MB;
    console.log(
      `read ${rows} rows, ${fileMb.toFixed(1)} MB; the heap grew by ${reading.heap.peakMb.toFixed(1)} MB at most`,
    );
    expect(rows).toBe(ROWS);
    expect(reading.heap.peakMb).toBeLessThan(4);
  });

  it('is checked row by row: the one bad mobile is found at row 60000, the checks keeping keys only', async () => {
    const { stream, counter } = customersCsv(ROWS, 60_000);
    const reading = sampled(readImportRows(stream, { fileName: 'customers.csv' }));
    const errors = await previewErrors('customers', reading.events);
    expect(errors).toEqual(["Row 60000, Mobile: '98765' is not a 10-digit mobile number"]);
    const perRow = (reading.heap.peakMb * MB) / ROWS;
    console.log(
      `checked ${(counter.bytes / MB).toFixed(1)} MB; the heap grew by ${reading.heap.peakMb.toFixed(1)} MB at most (${perRow.toFixed(0)} bytes a row: mobile, e-mail and reference)`,
    );
    expect(perRow).toBeLessThan(600);
  });

  it('is refused the moment it crosses the row limit, the rest never read', async () => {
    const { stream, counter } = customersCsv(1_000_000, 0);
    const refusal = await (async () => {
      for await (const _ of readImportRows(stream, { fileName: 'customers.csv', maxRows: 1_000 })) {
        // read on until refused
      }
    })().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'IMPORT_TOO_MANY_ROWS',
      message: 'The file has more than 1,000 rows; split it into files of at most 1,000 rows',
    });
    // A few 64 KB chunks were pulled, not the 180 MB the file would have been.
    expect(counter.bytes).toBeLessThan(2 * MB);
  });
});
