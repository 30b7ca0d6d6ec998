import type { Paise } from '../money';
import { rupeesText } from '../money';

/** A UPI id: `name@bank`, as NPCI's spec allows (letters, digits, dot, hyphen, underscore). */
export const UPI_VPA_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;

export const isUpiVpa = (vpa: string): boolean => UPI_VPA_PATTERN.test(vpa);

/** What a UPI payment link says: who is paid, how much, and the loan as the reference. */
export type UpiPayment = {
  vpa: string;
  payeeName: string;
  amountPaise: Paise;
  reference: string;
  note: string;
};

/**
 * The `upi://pay` link every UPI app opens (NPCI's deep-link spec): payee address and name, the amount
 * in rupees with two decimals, INR, the loan code as transaction reference and a short note.
 */
export const upiPayLink = (payment: UpiPayment): string => {
  const params: [string, string][] = [
    ['pa', payment.vpa],
    ['pn', payment.payeeName],
    ['am', rupeesText(payment.amountPaise)],
    ['cu', 'INR'],
    ['tr', payment.reference],
    ['tn', payment.note],
  ];
  // encodeURIComponent writes a space as %20, which every UPI app reads; the UPI id keeps its '@',
  // as the apps' own links write it.
  const encode = (value: string) => encodeURIComponent(value).replace(/%40/g, '@');
  return `upi://pay?${params.map(([key, value]) => `${key}=${encode(value)}`).join('&')}`;
};
