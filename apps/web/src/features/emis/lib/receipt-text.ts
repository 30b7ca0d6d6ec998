import { formatRupees, rupeesToPaise, type TReceipt } from '@lending/domain';
import { formatDate } from '../../../lib/format';
import { PAYMENT_MODE_LABELS } from '../../../lib/payment-modes';
import { PAYMENT_TYPE_LABELS } from './labels';

const money = (rupees: number) => formatRupees(rupeesToPaise(rupees), 2);

/** The receipt's download name: loan code and EMI number, as the server names it. */
export const receiptFileName = (loanCode: string, emiNumber: number): string =>
  `receipt_${loanCode}_EMI_${emiNumber}.pdf`;

/** The plain-text receipt shown when the PDF cannot load. */
export const receiptText = (receipt: TReceipt): string => {
  const lines: [string, string][] = [
    ['Loan', `${receipt.loan_code} (#${receipt.loan_number})`],
    [
      'Customer',
      receipt.customer_mobile
        ? `${receipt.customer_name} (${receipt.customer_mobile})`
        : receipt.customer_name,
    ],
    ['EMI Number', String(receipt.emi_number)],
    ['Due Date', formatDate(receipt.due_date)],
    ['Payment Date', formatDate(receipt.payment_date)],
    ['EMI Amount', money(receipt.amount)],
    ['Late Charge', money(receipt.late_charge)],
    ['Payment Type', PAYMENT_TYPE_LABELS[receipt.payment_type]],
  ];
  if (receipt.partial_payment_amount !== null)
    lines.push(['Partial Payment Amount', money(receipt.partial_payment_amount)]);
  lines.push(['Amount Received', money(receipt.amount_collected)]);
  lines.push(['Remaining Balance', money(receipt.remaining_balance)]);
  if (receipt.partial_charge > 0)
    lines.push(['Late Charge on Remaining (10%)', money(receipt.partial_charge)]);
  if (receipt.carried_amount > 0)
    lines.push([
      receipt.carried_to_emi === null ? 'Carried Forward' : `Carried to EMI ${receipt.carried_to_emi}`,
      money(receipt.carried_amount),
    ]);
  if (receipt.payment_mode !== null) lines.push(['Payment Mode', PAYMENT_MODE_LABELS[receipt.payment_mode]]);
  if (receipt.collected_by !== null) lines.push(['Collected By', receipt.collected_by]);
  const width = Math.max(...lines.map(([label]) => label.length)) + 2;
  return [
    'PAYMENT RECEIPT',
    '',
    ...lines.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`),
  ].join('\n');
};

/** Prints plain text through a hidden frame (the text fallback's Print Receipt). */
export const printText = (text: string): void => {
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  document.body.append(frame);
  const doc = frame.contentDocument;
  if (doc !== null) {
    const pre = doc.createElement('pre');
    pre.style.font = '14px monospace';
    pre.textContent = text;
    doc.body.append(pre);
  }
  frame.contentWindow?.print();
  setTimeout(() => frame.remove(), 1000);
};
