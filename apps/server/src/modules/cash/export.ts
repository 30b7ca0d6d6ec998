import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { defuseCsvText, formatDdMmYyyy, formatRupees, PAYMENT_MODES, plainRupees } from '@lending/domain';
import PDFDocument from 'pdfkit';
import type { Executor } from '../../db/client';
import { keysetBatches } from '../../db/sql';
import { csvFile } from '../../platform/csv-file';
import { type CashFilter, type DayCloseRow, dayCloseBatch } from './repository';

const require = createRequire(import.meta.url);
// pdfkit's own fonts have no ₹; DejaVu Sans does (as the loans export).
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Every day close the filter matches, newest day first, read in keyset batches. */
export const dayCloseRows = (db: Executor, filter: CashFilter): AsyncGenerator<DayCloseRow> =>
  keysetBatches(
    (after: { day: string; id: number } | undefined, limit) => dayCloseBatch(db, filter, after, limit),
    ({ row }) => ({ day: row.businessDate, id: row.id }),
    500,
  );

const MODE_TITLES: Record<string, string> = {
  cash: 'Cash',
  upi: 'UPI',
  bank_transfer: 'Bank Transfer',
  cheque: 'Cheque',
  card: 'Card',
  other: 'Other',
};

/** The day-close report as CSV (rupees, plain numbers), streamed as read. */
export const dayClosesCsv = (rows: AsyncIterable<DayCloseRow>): Readable => {
  const header = [
    'Business Date',
    'Collector',
    'Opening In Hand',
    ...PAYMENT_MODES.map((mode) => `Collected ${MODE_TITLES[mode]}`),
    'Refunded',
    'Handed Over',
    'Received',
    'Difference',
    'Carried In Hand',
    'Closed By',
    'Closed At',
    'Note',
  ];
  async function* lines() {
    for await (const { row, collectorName, closedByName } of rows)
      yield [
        row.businessDate,
        defuseCsvText(collectorName),
        plainRupees(row.openingInHand),
        ...PAYMENT_MODES.map((mode) => plainRupees(row.collected[mode] ?? 0)),
        plainRupees(row.refunded),
        plainRupees(row.handedOver),
        plainRupees(row.received),
        plainRupees(row.difference),
        plainRupees(row.carriedInHand),
        defuseCsvText(closedByName),
        row.createdAt.toISOString(),
        defuseCsvText(row.note ?? ''),
      ];
  }
  return csvFile(header, lines());
};

type Cell = { title: string; width: number; value: (r: DayCloseRow) => string; right?: boolean };

const nonCash = (r: DayCloseRow) =>
  PAYMENT_MODES.filter((mode) => mode !== 'cash').reduce(
    (sum, mode) => sum + (r.row.collected[mode] ?? 0),
    0,
  );

const CELLS: Cell[] = [
  { title: 'Day', width: 62, value: (r) => formatDdMmYyyy(r.row.businessDate) },
  { title: 'Collector', width: 120, value: (r) => r.collectorName },
  { title: 'Opening', width: 72, right: true, value: (r) => formatRupees(r.row.openingInHand, 2) },
  { title: 'Cash in', width: 72, right: true, value: (r) => formatRupees(r.row.collected.cash ?? 0, 2) },
  { title: 'Other modes', width: 72, right: true, value: (r) => formatRupees(nonCash(r), 2) },
  { title: 'Refunded', width: 60, right: true, value: (r) => formatRupees(r.row.refunded, 2) },
  { title: 'Handed over', width: 72, right: true, value: (r) => formatRupees(r.row.handedOver, 2) },
  { title: 'Difference', width: 64, right: true, value: (r) => formatRupees(r.row.difference, 2) },
  { title: 'Carried', width: 72, right: true, value: (r) => formatRupees(r.row.carriedInHand, 2) },
  { title: 'Closed by', width: 110, value: (r) => r.closedByName },
];

/** The day-close report as a PDF table (A4 landscape, header on every page), streamed as read. */
export const dayClosesPdf = (rows: AsyncIterable<DayCloseRow>, generatedOn: string): Readable => {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 30,
    info: { Title: 'Day close report' },
  });
  doc.registerFont('regular', FONT);
  doc.registerFont('heavy', FONT_BOLD);
  const out = new PassThrough();
  doc.pipe(out);
  let top = 30;
  const line = (texts: string[], heavy: boolean) => {
    doc.font(heavy ? 'heavy' : 'regular').fontSize(8);
    let left = 30;
    for (const [i, cell] of CELLS.entries()) {
      doc.text(texts[i] ?? '', left + 2, top + 3, {
        width: cell.width - 4,
        align: cell.right ? 'right' : 'left',
        lineBreak: false,
        ellipsis: true,
      });
      left += cell.width;
    }
    top += 15;
  };
  const titles = () =>
    line(
      CELLS.map((c) => c.title),
      true,
    );
  const run = async () => {
    doc.font('heavy').fontSize(14).text('Day close report', 30, top);
    doc.font('regular').fontSize(8).text(`Generated on ${generatedOn}`);
    top = doc.y + 8;
    titles();
    let closes = 0;
    for await (const row of rows) {
      if (top > doc.page.height - 50) {
        doc.addPage();
        top = 30;
        titles();
      }
      line(
        CELLS.map((c) => c.value(row)),
        false,
      );
      closes += 1;
    }
    if (closes === 0) line(['', 'No closed days.'], false);
    doc
      .font('heavy')
      .fontSize(9)
      .text(`${closes} closed day${closes === 1 ? '' : 's'}`, 30, top + 6);
    doc.end();
  };
  run().catch((error: unknown) => out.destroy(error as Error));
  return out;
};
