import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { defuseCsvText, formatDdMmYyyy, formatRupees, plainRupees } from '@lending/domain';
import PDFDocument from 'pdfkit';
import { csvFile } from '../../platform/csv-file';
import type { LoanForExport } from './list-repository';

const require = createRequire(import.meta.url);
/** pdfkit's built-in fonts draw ₹ as '¹'; DejaVu Sans has it (docs/decisions.md). */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const CSV_HEADER = [
  'Loan #',
  'Loan Code',
  'Customer',
  'Mobile',
  'Amount',
  'Daily EMI',
  'Tenure (Days)',
  'Total Repayable',
  'Start Date',
  'End Date',
  'Payment Method',
  'Status',
  'Created At',
  'Collected',
  'Credit Held',
  'Refunded',
];

/** Collected, credit held and refunded come from the ledger's rows (see LoanBooks). */
const csvRow = ({ loan, customerName, customerMobile, books }: LoanForExport) => [
  loan.loanNumber,
  loan.loanCode,
  defuseCsvText(customerName),
  defuseCsvText(customerMobile),
  plainRupees(loan.loanAmount),
  plainRupees(loan.perDayEmi),
  loan.totalEmiDays,
  plainRupees(loan.totalRepayable),
  loan.startDate,
  loan.endDate,
  defuseCsvText(loan.paymentMethod),
  loan.status,
  loan.createdAt.toISOString(),
  plainRupees(books.collected),
  plainRupees(books.creditHeld),
  plainRupees(books.refunded),
];

/** The loans as CSV, streamed as read. */
export const loansCsv = (loans: AsyncIterable<LoanForExport>): Readable => {
  async function* rows() {
    for await (const row of loans) yield csvRow(row);
  }
  return csvFile(CSV_HEADER, rows());
};

/** Status as the screen labels it: pending_acceptance is 'Pending'. */
const statusLabel = (status: string) =>
  status === 'pending_acceptance' ? 'Pending' : status.charAt(0).toUpperCase() + status.slice(1);

type Column = { title: string; width: number; align?: 'right'; cell: (row: LoanForExport) => string };

const COLUMNS: Column[] = [
  { title: 'Loan #', width: 42, align: 'right', cell: (r) => String(r.loan.loanNumber) },
  { title: 'Code', width: 62, cell: (r) => r.loan.loanCode },
  { title: 'Customer', width: 100, cell: (r) => r.customerName },
  { title: 'Mobile', width: 70, cell: (r) => r.customerMobile ?? '' },
  { title: 'Amount', width: 76, align: 'right', cell: (r) => formatRupees(r.loan.loanAmount) },
  { title: 'Daily EMI', width: 64, align: 'right', cell: (r) => formatRupees(r.loan.perDayEmi) },
  { title: 'Days', width: 34, align: 'right', cell: (r) => String(r.loan.totalEmiDays) },
  { title: 'Start', width: 62, cell: (r) => formatDdMmYyyy(r.loan.startDate) },
  { title: 'End', width: 62, cell: (r) => formatDdMmYyyy(r.loan.endDate) },
  { title: 'Payment Method', width: 76, cell: (r) => r.loan.paymentMethod ?? '' },
  { title: 'Status', width: 56, cell: (r) => statusLabel(r.loan.status) },
  { title: 'Collected', width: 78, align: 'right', cell: (r) => formatRupees(r.books.collected) },
];

const TABLE_WIDTH = COLUMNS.reduce((sum, column) => sum + column.width, 0);
const MARGIN = 30;
const ROW_HEIGHT = 16;
const PADDING = 3;

/**
 * The loans as a PDF table (A4 landscape, header repeated on every page, amounts as ₹ in Indian
 * grouping, dates DD-MM-YYYY) with a totals line; streamed while the loans are read.
 */
export const loansPdf = (loans: AsyncIterable<LoanForExport>, meta: { generatedOn: string }): Readable => {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: 'Loans export', Author: 'Daily-EMI lending back-office' },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const out = new PassThrough();
  doc.pipe(out);
  const bottom = () => doc.page.height - MARGIN - ROW_HEIGHT;
  let y = MARGIN;

  const drawRow = (cells: string[], font: 'body' | 'bold', shade: boolean) => {
    if (shade) doc.rect(MARGIN, y, TABLE_WIDTH, ROW_HEIGHT).fill('#f1f3f5').fillColor('#000');
    doc.font(font).fontSize(8);
    let x = MARGIN;
    COLUMNS.forEach((column, index) => {
      doc.text(cells[index] ?? '', x + PADDING, y + 4, {
        width: column.width - 2 * PADDING,
        align: column.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
        height: ROW_HEIGHT,
      });
      x += column.width;
    });
    y += ROW_HEIGHT;
  };
  const header = () =>
    drawRow(
      COLUMNS.map((column) => column.title),
      'bold',
      true,
    );

  const write = async () => {
    doc.font('bold').fontSize(14).text('Loans', MARGIN, y);
    y = doc.y + 2;
    doc.font('body').fontSize(8).fillColor('#555').text(`Generated on ${meta.generatedOn}`, MARGIN, y);
    doc.fillColor('#000');
    y = doc.y + 8;
    header();
    let count = 0;
    let total = 0;
    let collected = 0;
    for await (const row of loans) {
      if (y > bottom()) {
        doc.addPage();
        y = MARGIN;
        header();
      }
      drawRow(
        COLUMNS.map((column) => column.cell(row)),
        'body',
        count % 2 === 1,
      );
      count += 1;
      total += row.loan.loanAmount;
      collected += row.books.collected;
    }
    if (count === 0) drawRow(['', '', 'No loans found.'], 'body', false);
    if (y > bottom()) {
      doc.addPage();
      y = MARGIN;
    }
    y += 4;
    doc
      .font('bold')
      .fontSize(9)
      .text(
        `${count} loan${count === 1 ? '' : 's'} · total amount ${formatRupees(total)} · collected ${formatRupees(collected)}`,
        MARGIN,
        y,
      );
    doc.end();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
};
