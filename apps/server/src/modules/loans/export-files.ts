import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { defuseCsvText, formatDdMmYyyy, formatRupees, plainRupees } from '@lending/domain';
import PDFDocument from 'pdfkit';
import { csvFile } from '../../platform/csv-file';
import type { LoanWithPeople } from './repository';

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
];

const csvRow = ({ loan, customerName, customerMobile }: LoanWithPeople) => [
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
];

/** The loans as CSV, streamed as read. */
export const loansCsv = (loans: AsyncIterable<LoanWithPeople>): Readable => {
  async function* rows() {
    for await (const row of loans) yield csvRow(row);
  }
  return csvFile(CSV_HEADER, rows());
};

/** Status as the screen labels it: pending_acceptance is 'Pending'. */
const statusLabel = (status: string) =>
  status === 'pending_acceptance' ? 'Pending' : status.charAt(0).toUpperCase() + status.slice(1);

type Column = { title: string; width: number; align?: 'right'; cell: (row: LoanWithPeople) => string };

const COLUMNS: Column[] = [
  { title: 'Loan #', width: 42, align: 'right', cell: (r) => String(r.loan.loanNumber) },
  { title: 'Code', width: 66, cell: (r) => r.loan.loanCode },
  { title: 'Customer', width: 120, cell: (r) => r.customerName },
  { title: 'Mobile', width: 76, cell: (r) => r.customerMobile ?? '' },
  { title: 'Amount', width: 82, align: 'right', cell: (r) => formatRupees(r.loan.loanAmount) },
  { title: 'Daily EMI', width: 70, align: 'right', cell: (r) => formatRupees(r.loan.perDayEmi) },
  { title: 'Days', width: 38, align: 'right', cell: (r) => String(r.loan.totalEmiDays) },
  { title: 'Start', width: 64, cell: (r) => formatDdMmYyyy(r.loan.startDate) },
  { title: 'End', width: 64, cell: (r) => formatDdMmYyyy(r.loan.endDate) },
  { title: 'Payment Method', width: 100, cell: (r) => r.loan.paymentMethod ?? '' },
  { title: 'Status', width: 60, cell: (r) => statusLabel(r.loan.status) },
];

const TABLE_WIDTH = COLUMNS.reduce((sum, column) => sum + column.width, 0);
const MARGIN = 30;
const ROW_HEIGHT = 16;
const PADDING = 3;

/**
 * The loans as a PDF table (A4 landscape, header repeated on every page, amounts as ₹ in Indian
 * grouping, dates DD-MM-YYYY) with a totals line; streamed while the loans are read.
 */
export const loansPdf = (loans: AsyncIterable<LoanWithPeople>, meta: { generatedOn: string }): Readable => {
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
      .text(`${count} loan${count === 1 ? '' : 's'} · total amount ${formatRupees(total)}`, MARGIN, y);
    doc.end();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
};
