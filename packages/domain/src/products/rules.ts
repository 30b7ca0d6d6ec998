import type { Weekday } from '../calendar/calendar';
import { mulDiv } from '../lending/arith';
import type { Paise } from '../money';

/**
 * A loan product's terms in paise, as the server keeps them and a loan copies them when it is made
 * (a later change to the product never rewrites a loan).
 */
export type ProductTerms = {
  name: string;
  minAmount: Paise;
  maxAmount: Paise;
  /** Per-day EMI per ₹1,000 lent, in paise (₹12 → 1200); null: the EMI is typed for each loan. */
  emiPerThousand: Paise | null;
  minTenureDays: number;
  maxTenureDays: number;
  offDays: readonly Weekday[];
  /** The charge the bounce dialog starts from on this product's loans. */
  bounceCharge: Paise;
  /** Charged when the loan is disbursed; shown with the loan's terms. */
  processingFee: Paise;
};

/**
 * The per-day EMI a product's rule gives for an amount: amount × rate ÷ ₹1,000, rounded up to the
 * whole rupee so a borrower is never asked for paise at the doorstep. Null when the product has no rule.
 */
export const productEmi = (terms: Pick<ProductTerms, 'emiPerThousand'>, loanAmount: Paise): Paise | null => {
  if (terms.emiPerThousand === null) return null;
  const exact = mulDiv(loanAmount, terms.emiPerThousand, 100_000);
  const remainder = mulDiv(loanAmount, terms.emiPerThousand, 1) % 100_000;
  const paise = exact + (remainder > 0 ? 1 : 0);
  return Math.ceil(paise / 100) * 100;
};

/** A loan's terms against its product: the field at fault, its code and message. */
export type ProductTermsRefusal = {
  field: 'loan_amount' | 'per_day_emi' | 'total_emi_days';
  code: 'PRODUCT_AMOUNT_OUT_OF_RANGE' | 'PRODUCT_EMI_MISMATCH' | 'PRODUCT_TENURE_OUT_OF_RANGE';
  message: string;
};

const rupees = (paise: Paise) => `₹${(paise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

/**
 * What a loan from this product may be: an amount and a tenure inside its ranges, and the EMI its
 * rule gives when it has one. Every refusal is listed, so a form can mark each field at once.
 */
export const checkAgainstProduct = (
  terms: ProductTerms,
  loan: { loanAmount: Paise; perDayEmi: Paise; totalEmiDays: number },
): ProductTermsRefusal[] => {
  const refusals: ProductTermsRefusal[] = [];
  if (loan.loanAmount < terms.minAmount || loan.loanAmount > terms.maxAmount)
    refusals.push({
      field: 'loan_amount',
      code: 'PRODUCT_AMOUNT_OUT_OF_RANGE',
      message: `${terms.name} lends from ${rupees(terms.minAmount)} to ${rupees(terms.maxAmount)}`,
    });
  if (loan.totalEmiDays < terms.minTenureDays || loan.totalEmiDays > terms.maxTenureDays)
    refusals.push({
      field: 'total_emi_days',
      code: 'PRODUCT_TENURE_OUT_OF_RANGE',
      message: `${terms.name} runs from ${terms.minTenureDays} to ${terms.maxTenureDays} instalments`,
    });
  const emi = productEmi(terms, loan.loanAmount);
  if (emi !== null && emi !== loan.perDayEmi)
    refusals.push({
      field: 'per_day_emi',
      code: 'PRODUCT_EMI_MISMATCH',
      message: `${terms.name} sets the per-day EMI for this amount at ${rupees(emi)}`,
    });
  return refusals;
};
