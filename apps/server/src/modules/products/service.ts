import {
  checkAgainstProduct,
  endDate,
  type IsoDate,
  offDaysOf,
  productMessages,
  type TLoanProductRequest,
  type TLoanProductSaved,
  type TLoanProductsResponse,
  type TLoanProductTerms,
  type TScheduleEndResponse,
} from '@lending/domain';
import type { Executor } from '../../db/client';
import { type Actor, beforeAfter, writeAudit } from '../../platform/audit';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../platform/db-errors';
import type { AppDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import { collectionCalendarOf } from '../holidays';
import { loanCopyOf, productTermsOf, productValuesOf, toProductView } from './presenter';
import {
  findProduct,
  insertProduct,
  type LoanProductRow,
  listProducts,
  loanCalendarOf,
  lockProduct,
  updateProduct,
} from './repository';

const notFound = () => new AppError('PRODUCT_NOT_FOUND', 'Loan product not found');

/** A duplicate name (case-insensitive, by the unique index) is the caller's to fix, not a crash. */
const nameTaken = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION)
      throw fieldError('PRODUCT_NAME_TAKEN', 'name', 'Another loan product already has this name');
    throw error;
  }
};

const audited = (row: LoanProductRow) => ({
  name: row.name,
  min_amount_paise: row.minAmount,
  max_amount_paise: row.maxAmount,
  emi_per_thousand_paise: row.emiPerThousand,
  min_tenure_days: row.minTenureDays,
  max_tenure_days: row.maxTenureDays,
  off_days: offDaysOf(row.offDays),
  bounce_charge_paise: row.bounceCharge,
  processing_fee_paise: row.processingFee,
  is_active: row.isActive,
});

/** What a loan made from a product carries: its terms copied, and its calendar's weekly off-days. */
export type ProductForLoan = { id: number; offDays: number; copy: TLoanProductTerms };

/** Loan products: the admin's list and form, and the check a new loan passes against its product. */
export const createProducts = ({ db, clock }: AppDeps) => ({
  /** GET /loan-products */
  async list(activeOnly: boolean): Promise<TLoanProductsResponse> {
    return { products: (await listProducts(db, activeOnly)).map(toProductView) };
  },

  /** POST /loan-products */
  async create(input: TLoanProductRequest, actor: Actor): Promise<TLoanProductSaved> {
    return nameTaken(() =>
      db.transaction(async (tx) => {
        const row = await insertProduct(tx, productValuesOf(input), clock.now());
        await writeAudit(tx, actor, {
          action: 'loan_product_created',
          resourceType: 'loan_product',
          resourceId: row.id,
          metadata: audited(row),
        });
        return { message: productMessages.created, product: toProductView({ product: row, loans: 0 }) };
      }),
    );
  },

  /** PUT /loan-products/{id}: loans already made keep the terms they copied. */
  async update(id: number, input: TLoanProductRequest, actor: Actor): Promise<TLoanProductSaved> {
    return nameTaken(() =>
      db.transaction(async (tx) => {
        const before = await lockProduct(tx, id);
        if (!before) throw notFound();
        const after = await updateProduct(tx, id, productValuesOf(input), clock.now());
        await writeAudit(tx, actor, {
          action: 'loan_product_updated',
          resourceType: 'loan_product',
          resourceId: id,
          metadata: beforeAfter(before, after, audited),
        });
        const saved = await findProduct(tx, id);
        if (!saved) throw new Error(`loan product ${id} vanished`);
        return { message: productMessages.updated, product: toProductView(saved) };
      }),
    );
  },

  /**
   * GET /loan-products/{id}/schedule-end: the end date the loan form shows. Editing a loan made from
   * this product counts the off-days the loan copied, which the product may have changed since.
   */
  async scheduleEnd(
    id: number,
    startDate: IsoDate,
    totalEmiDays: number,
    loanId?: number,
  ): Promise<TScheduleEndResponse> {
    const found = await findProduct(db, id);
    if (!found) throw notFound();
    const loan = loanId === undefined ? undefined : await loanCalendarOf(db, loanId);
    const offDays = loan?.productId === id ? loan.offDays : found.product.offDays;
    const calendar = await collectionCalendarOf(db, offDays, startDate);
    return { end_date: endDate(startDate, totalEmiDays, calendar) };
  },
});

/**
 * The product a loan is made from, checked: it exists, is active (unless the loan already had it),
 * and the loan's amount, EMI and tenure fit it. Read in the loan's transaction, so an archive or an
 * edit that commits first is what the loan sees.
 */
export const productForLoan = async (
  tx: Executor,
  productId: number,
  loan: { loanAmount: number; perDayEmi: number; totalEmiDays: number },
  keptFromBefore = false,
): Promise<ProductForLoan> => {
  const found = await findProduct(tx, productId);
  if (!found) throw fieldError('PRODUCT_NOT_FOUND', 'product_id', 'Loan product not found');
  if (!found.product.isActive && !keptFromBefore)
    throw fieldError('PRODUCT_ARCHIVED', 'product_id', 'This loan product is archived');
  const refusals = checkAgainstProduct(productTermsOf(found.product), loan);
  const [first] = refusals;
  if (first)
    throw new AppError(first.code, first.message, {
      errors: refusals.map((refusal) => ({ param: refusal.field, msg: refusal.message })),
    });
  return { id: found.product.id, offDays: found.product.offDays, copy: loanCopyOf(found.product) };
};
