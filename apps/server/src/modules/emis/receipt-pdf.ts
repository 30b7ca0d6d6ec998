import { createRequire } from 'node:module';
import {
  formatDdMmYyyy,
  formatRupees,
  istDateOf,
  PAYMENT_MODE_LABELS,
  rupeesToPaise,
  type TReceipt,
} from '@lending/domain';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
/** pdfkit's built-in fonts draw ₹ as '¹'; DejaVu Sans has it (docs/decisions.md). */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Whose receipt it is: the lending business (there is no setting for its name yet). */
export const RECEIPT_LENDER = 'Daily-EMI Lending';

const PAYMENT_TYPE_LABELS = {
  full: 'Full payment',
  emi_only: 'EMI only',
  partial: 'Partial payment',
} as const;

/** 'receipt_LN000123_EMI_7.pdf': the loan code and EMI number. */
export const receiptFileName = (receipt: Pick<TReceipt, 'loan_code' | 'emi_number'>) =>
  `receipt_${receipt.loan_code}_EMI_${receipt.emi_number}.pdf`;

/** 'receipt_LN000123_EMI_7_payment_42.pdf': one EMI may have several payments (after a rewrite). */
export const paymentReceiptFileName = (
  receipt: Pick<TReceipt, 'loan_code' | 'emi_number'>,
  paymentId: number,
) => `receipt_${receipt.loan_code}_EMI_${receipt.emi_number}_payment_${paymentId}.pdf`;

/** ₹ with paise, Indian grouping: a receipt shows every paisa. */
const money = (rupees: number) => formatRupees(rupeesToPaise(rupees), 2);

/** 'DD-MM-YYYY HH:mm IST' for a moment. */
const istMoment = (iso: string) => {
  const instant = new Date(iso);
  const time = new Date(instant.getTime() + 330 * 60_000).toISOString().slice(11, 16);
  return `${formatDdMmYyyy(istDateOf(instant))} ${time} IST`;
};

type Row = [label: string, value: string, strong?: boolean];

/** The receipt's lines: who and what, then the money. */
const rowsOf = (receipt: TReceipt): { details: Row[]; amounts: Row[] } => {
  const partial = receipt.payment_type === 'partial';
  const details: Row[] = [
    ['Customer', receipt.customer_name],
    ['Mobile', receipt.customer_mobile ?? '—'],
    ['Loan code', `${receipt.loan_code} (loan #${receipt.loan_number})`],
    ['EMI number', String(receipt.emi_number)],
    ['Due date', formatDdMmYyyy(receipt.due_date)],
    ['Payment date', formatDdMmYyyy(receipt.payment_date)],
    ['Recorded at', receipt.paid_at ? istMoment(receipt.paid_at) : '—'],
    ['Payment type', PAYMENT_TYPE_LABELS[receipt.payment_type]],
    ['Payment mode', receipt.payment_mode ? PAYMENT_MODE_LABELS[receipt.payment_mode] : '—'],
    ['Collected by', receipt.collected_by ?? '—'],
  ];
  const amounts: Row[] = [
    ['EMI amount', money(receipt.amount)],
    ['Late charge', money(receipt.late_charge)],
  ];
  if (receipt.late_charge_levied > 0)
    amounts.push(['  of which levied at collection', money(receipt.late_charge_levied)]);
  if (partial) {
    amounts.push(['Partial amount', money(receipt.partial_payment_amount ?? 0)]);
    amounts.push(['Partial charge (10%)', money(receipt.partial_charge)]);
  }
  amounts.push(['Remaining balance', money(receipt.remaining_balance)]);
  if (receipt.carried_to_emi !== null)
    amounts.push([`Carried to EMI ${receipt.carried_to_emi}`, money(receipt.carried_amount)]);
  amounts.push(['Amount collected', money(receipt.amount_collected), true]);
  return { details, amounts };
};

const WIDTH = 420; // A5 portrait, points
const MARGIN = 36;
const LINE = 17;

/** A one-page A5 payment receipt as a PDF, the ₹ sign in DejaVu Sans. */
export const receiptPdf = (
  receipt: TReceipt,
  options: { lender?: string; generatedAt: Date; compress?: boolean },
): Promise<Buffer> => {
  const doc = new PDFDocument({
    size: 'A5',
    margin: MARGIN,
    compress: options.compress ?? true,
    info: {
      Title: `Payment receipt ${receipt.loan_code} EMI ${receipt.emi_number}`,
      Author: options.lender ?? RECEIPT_LENDER,
    },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const inner = WIDTH - 2 * MARGIN;
  let y = MARGIN;
  /** A light line across the page, then a gap. */
  const rule = () => {
    doc
      .moveTo(MARGIN, y)
      .lineTo(WIDTH - MARGIN, y)
      .strokeColor('#ced4da')
      .stroke();
    y += 10;
  };

  doc
    .font('bold')
    .fontSize(16)
    .text(options.lender ?? RECEIPT_LENDER, MARGIN, y, { width: inner });
  y += 24;
  doc.font('bold').fontSize(12).fillColor('#1c7ed6').text('Payment Receipt', MARGIN, y);
  doc
    .font('body')
    .fontSize(8)
    .fillColor('#555')
    .text(`Receipt ${receipt.loan_code}-EMI-${receipt.emi_number}`, MARGIN, y + 3, {
      width: inner,
      align: 'right',
    });
  y += 22;
  rule();

  const section = (rows: Row[]) => {
    for (const [label, value, strong] of rows) {
      doc.font('body').fontSize(9).fillColor('#555').text(label, MARGIN, y, { width: 150, lineBreak: false });
      doc
        .font(strong ? 'bold' : 'body')
        .fontSize(strong ? 11 : 9)
        .fillColor('#000')
        .text(value, MARGIN + 150, y - (strong ? 1 : 0), {
          width: inner - 150,
          align: 'right',
          lineBreak: false,
          ellipsis: true,
        });
      y += strong ? LINE + 3 : LINE;
    }
  };
  const { details, amounts } = rowsOf(receipt);
  section(details);
  y += 4;
  rule();
  section(amounts);
  y += 14;
  doc
    .font('body')
    .fontSize(7)
    .fillColor('#777')
    .text(
      `Amounts in Indian rupees, from the loan's ledger. Generated ${istMoment(options.generatedAt.toISOString())}.`,
      MARGIN,
      y,
      { width: inner },
    );
  doc.end();
  return done;
};
