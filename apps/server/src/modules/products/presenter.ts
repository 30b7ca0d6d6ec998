import {
  offDaysMask,
  offDaysOf,
  type ProductTerms,
  paiseToRupees,
  paiseToRupeesOrNull,
  rupeesToPaise,
  type TLoanProductRequest,
  type TLoanProductTerms,
  type TLoanProductView,
} from '@lending/domain';
import type { LoanProductRow, ProductValues, ProductWithLoans } from './repository';

/** A product as the API answers it: rupees, off-days by name. */
export const toProductView = ({ product, loans }: ProductWithLoans): TLoanProductView => ({
  id: product.id,
  name: product.name,
  min_amount: paiseToRupees(product.minAmount),
  max_amount: paiseToRupees(product.maxAmount),
  emi_per_thousand: paiseToRupeesOrNull(product.emiPerThousand),
  min_tenure_days: product.minTenureDays,
  max_tenure_days: product.maxTenureDays,
  off_days: offDaysOf(product.offDays),
  bounce_charge: paiseToRupees(product.bounceCharge),
  processing_fee: paiseToRupees(product.processingFee),
  is_active: product.isActive,
  loans,
  updated_at: product.updatedAt.toISOString(),
});

/** The form in the server's units (paise, the off-days mask). */
export const productValuesOf = (input: TLoanProductRequest): ProductValues => ({
  name: input.name,
  minAmount: rupeesToPaise(input.min_amount),
  maxAmount: rupeesToPaise(input.max_amount),
  emiPerThousand: input.emi_per_thousand === null ? null : rupeesToPaise(input.emi_per_thousand),
  minTenureDays: input.min_tenure_days,
  maxTenureDays: input.max_tenure_days,
  offDays: offDaysMask(input.off_days),
  bounceCharge: rupeesToPaise(input.bounce_charge),
  processingFee: rupeesToPaise(input.processing_fee),
  isActive: input.is_active,
});

/** The domain's view of a product's terms, for the rules that check a loan against it. */
export const productTermsOf = (product: LoanProductRow): ProductTerms => ({
  name: product.name,
  minAmount: product.minAmount,
  maxAmount: product.maxAmount,
  emiPerThousand: product.emiPerThousand,
  minTenureDays: product.minTenureDays,
  maxTenureDays: product.maxTenureDays,
  offDays: offDaysOf(product.offDays),
  bounceCharge: product.bounceCharge,
  processingFee: product.processingFee,
});

/** The terms a loan copies when it is made from the product (kept with the loan, in rupees). */
export const loanCopyOf = (product: LoanProductRow): TLoanProductTerms => ({
  id: product.id,
  name: product.name,
  off_days: offDaysOf(product.offDays),
  bounce_charge: paiseToRupees(product.bounceCharge),
  processing_fee: paiseToRupees(product.processingFee),
  emi_per_thousand: paiseToRupeesOrNull(product.emiPerThousand),
});
