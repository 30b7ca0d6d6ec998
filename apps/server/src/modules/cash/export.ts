import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { DAY_CLOSE_REPORT_COLUMNS, reportColumns } from '@lending/domain';
import PDFDocument from 'pdfkit';
import type { Executor } from '../../db/client';
import { keysetBatches } from '../../db/sql';
import { reportCsvFile } from '../../platform/csv-file';
import { toDayClose } from './presenter';
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

/** The day-close report as CSV (rupees, plain numbers), streamed as read. */
export const dayClosesCsv = (rows: AsyncIterable<DayCloseRow>): Readable =>
  reportCsvFile(reportColumns(DAY_CLOSE_REPORT_COLUMNS, 'csv'), rows, toDayClose);

/** The PDF's column widths in points: together 776 of the landscape page's 782 inside its margins. */
const WIDTHS: Record<string, number> = {
  day: 62,
  collector: 120,
  opening: 72,
  collected_cash: 72,
  nonCash: 72,
  refunded: 60,
  handedOver: 72,
  difference: 64,
  carried: 72,
  closedBy: 110,
};

const CELLS = reportColumns(DAY_CLOSE_REPORT_COLUMNS, 'pdf');

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
      // A column the report gains before it gets a width here takes the common one.
      const width = WIDTHS[cell.key] ?? 72;
      doc.text(texts[i] ?? '', left + 2, top + 3, {
        width: width - 4,
        align: cell.money ? 'right' : 'left',
        lineBreak: false,
        ellipsis: true,
      });
      left += width;
    }
    top += 15;
  };
  const titles = () =>
    line(
      CELLS.map((c) => c.header),
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
      const close = toDayClose(row);
      line(
        CELLS.map((c) => String(c.cell(close))),
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
