import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type LoanProductRow, loanProducts, loans } from '../../db/schema';

export type { LoanProductRow };
/** A product with how many loans were made from it. */
export type ProductWithLoans = { product: LoanProductRow; loans: number };
export type ProductValues = Omit<LoanProductRow, 'id' | 'createdAt' | 'updatedAt'>;

const loansMade = sql<number>`(select count(*)::integer from ${loans} where ${loans.productId} = ${loanProducts.id})`;

/** Every product (or only the active ones), active first then by name: a lender has a handful. */
export const listProducts = (db: Executor, activeOnly: boolean): Promise<ProductWithLoans[]> =>
  db
    .select({ product: loanProducts, loans: loansMade })
    .from(loanProducts)
    .where(activeOnly ? eq(loanProducts.isActive, true) : undefined)
    .orderBy(desc(loanProducts.isActive), asc(sql`lower(${loanProducts.name})`), asc(loanProducts.id));

export const findProduct = async (db: Executor, id: number): Promise<ProductWithLoans | undefined> => {
  const [row] = await db
    .select({ product: loanProducts, loans: loansMade })
    .from(loanProducts)
    .where(eq(loanProducts.id, id));
  return row;
};

/** The product row, locked for an edit (two edits of one product run one after the other). */
export const lockProduct = async (tx: Executor, id: number): Promise<LoanProductRow | undefined> => {
  const [row] = await tx.select().from(loanProducts).where(eq(loanProducts.id, id)).for('update');
  return row;
};

export const insertProduct = async (
  tx: Executor,
  values: ProductValues,
  now: Date,
): Promise<LoanProductRow> => {
  const [row] = await tx
    .insert(loanProducts)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert into loan_products returned no row');
  return row;
};

export const updateProduct = async (
  tx: Executor,
  id: number,
  values: ProductValues,
  now: Date,
): Promise<LoanProductRow> => {
  const [row] = await tx
    .update(loanProducts)
    .set({ ...values, updatedAt: now })
    .where(eq(loanProducts.id, id))
    .returning();
  if (!row) throw new Error(`loan product ${id} vanished`);
  return row;
};

/** A loan's product and the weekly off-days it copied from it, when it exists. */
export const loanCalendarOf = async (
  db: Executor,
  loanId: number,
): Promise<{ productId: number | null; offDays: number } | undefined> => {
  const [row] = await db
    .select({ productId: loans.productId, offDays: loans.offDays })
    .from(loans)
    .where(eq(loans.id, loanId));
  return row;
};
