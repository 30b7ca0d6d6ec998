import { describe, expect, it } from 'vitest';
import { cutOverPosition } from './position';

const EMI = 12_000;
const position = (emisPaid: number | null, amountPaid: number | null, carriedDues: number | null = null) => {
  const result = cutOverPosition({ perDayEmi: EMI, totalEmiDays: 100, emisPaid, amountPaid, carriedDues });
  return result.ok ? result.position : `${result.key}: ${result.message}`;
};

describe('the position of a loan on the cut-over day', () => {
  it('is nothing paid when the sheet says nothing', () => {
    expect(position(null, null)).toEqual({ emisPaid: 0, amountPaid: 0, carriedDues: 0, partPaid: 0 });
  });

  it('takes whole EMIs and a part of the next from the amount paid alone', () => {
    expect(position(null, 30 * EMI + 5_000)).toEqual({
      emisPaid: 30,
      amountPaid: 365_000,
      carriedDues: 0,
      partPaid: 5_000,
    });
  });

  it('takes EMIs paid alone as paid in full, less the dues they carry', () => {
    expect(position(30, null)).toEqual({ emisPaid: 30, amountPaid: 360_000, carriedDues: 0, partPaid: 0 });
    expect(position(12, null, 2_000)).toEqual({
      emisPaid: 12,
      amountPaid: 142_000,
      carriedDues: 2_000,
      partPaid: 0,
    });
  });

  it('needs EMIs paid and amount paid to agree to within one EMI', () => {
    expect(position(30, 30 * EMI + 100)).toMatchObject({ emisPaid: 30, partPaid: 100 });
    expect(position(30, 29 * EMI)).toBe(
      'amount_paid: ₹3,480 is less than 30 EMIs paid less carried dues (₹3,600)',
    );
    expect(position(30, 31 * EMI)).toBe(
      'amount_paid: ₹3,720 is a whole EMI or more beyond the 30 EMIs paid; check EMIs paid',
    );
    expect(position(12, 12 * EMI - 2_000, 2_000)).toMatchObject({ carriedDues: 2_000, partPaid: 0 });
  });

  it('refuses more than the loan has', () => {
    expect(position(101, null)).toBe('emis_paid: 101 EMIs paid is more than the tenure of 100 days');
    expect(position(null, 100 * EMI + 1)).toBe(
      "amount_paid: ₹12,000.01 is more than the loan's total repayable of ₹12,000",
    );
    expect(position(100, null)).toMatchObject({ emisPaid: 100, amountPaid: 1_200_000 });
  });

  it('carries dues only from EMIs counted as paid, and never from the last', () => {
    expect(position(null, 5_000, 100)).toBe('carried_dues: carried dues need EMIs paid on the same row');
    expect(position(1, null, EMI + 1)).toBe(
      'carried_dues: ₹120.01 is more than the EMIs counted as paid (₹120)',
    );
    expect(position(100, null, 100)).toBe(
      'carried_dues: no EMI follows the last one to carry dues to; count the last EMI as not paid',
    );
  });
});
