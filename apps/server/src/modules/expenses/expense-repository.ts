import type { ExpenseScope } from '@lending/domain';
import { and, eq, gte, ilike, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ExpenseRow, expenses, roles, users } from '../../db/schema';
import { containsPattern, latestFirstPage, type PageWindow } from '../../db/sql';

/** What narrows the list: whose (scope, then `userId`), text in name, reason or user, a span of moments. */
export type ExpenseFilter = {
  scope: ExpenseScope;
  userId?: number;
  search?: string;
  from?: Date;
  to?: Date;
};

export type ExpenseWithUser = { expense: ExpenseRow; userName: string | null };

const whereOf = (filter: ExpenseFilter): SQL | undefined => {
  const pattern = containsPattern(filter.search);
  return and(
    filter.scope.kind === 'own' ? eq(expenses.userId, filter.scope.userId) : undefined,
    filter.userId === undefined ? undefined : eq(expenses.userId, filter.userId),
    pattern
      ? or(ilike(expenses.expenseName, pattern), ilike(expenses.reason, pattern), ilike(users.name, pattern))
      : undefined,
    filter.from ? gte(expenses.createdAt, filter.from) : undefined,
    filter.to ? lt(expenses.createdAt, filter.to) : undefined,
  );
};

/** One page of matching expenses, newest first. */
export const listExpenses = (
  db: Executor,
  filter: ExpenseFilter,
  page: PageWindow,
): Promise<ExpenseWithUser[]> =>
  latestFirstPage(
    db
      .select({ expense: expenses, userName: users.name })
      .from(expenses)
      .leftJoin(users, eq(users.id, expenses.userId))
      .where(whereOf(filter))
      .$dynamic(),
    expenses.createdAt,
    expenses.id,
    page,
  );

/**
 * Count and Σ amount (paise) of every expense the filter matches, and of those created within
 * `month` (its instants, end exclusive).
 */
export const expenseTotals = async (db: Executor, filter: ExpenseFilter, month: { from: Date; to: Date }) => {
  const inMonth = sql`${expenses.createdAt} >= ${month.from.toISOString()} and ${expenses.createdAt} < ${month.to.toISOString()}`;
  const [row] = await db
    .select({
      count: sql<string>`count(*)::text`,
      amount: sql<string>`coalesce(sum(${expenses.amountPaid}), 0)::text`,
      monthCount: sql<string>`(count(*) filter (where ${inMonth}))::text`,
      monthAmount: sql<string>`coalesce(sum(${expenses.amountPaid}) filter (where ${inMonth}), 0)::text`,
    })
    .from(expenses)
    .leftJoin(users, eq(users.id, expenses.userId))
    .where(whereOf(filter));
  return {
    count: Number(row?.count ?? 0),
    amount: Number(row?.amount ?? 0),
    monthCount: Number(row?.monthCount ?? 0),
    monthAmount: Number(row?.monthAmount ?? 0),
  };
};

/** The expense if the scope reaches it (another's, for an agent, is as good as missing). */
export const findExpense = async (
  db: Executor,
  id: number,
  scope: ExpenseScope,
): Promise<ExpenseWithUser | null> => {
  const [row] = await db
    .select({ expense: expenses, userName: users.name })
    .from(expenses)
    .leftJoin(users, eq(users.id, expenses.userId))
    .where(and(eq(expenses.id, id), whereOf({ scope })));
  return row ?? null;
};

/** The expense row if the scope reaches it, locked until the transaction ends (edits and deletes serialise). */
export const lockExpense = async (
  tx: Executor,
  id: number,
  scope: ExpenseScope,
): Promise<ExpenseRow | null> => {
  const [row] = await tx
    .select()
    .from(expenses)
    .where(and(eq(expenses.id, id), scope.kind === 'own' ? eq(expenses.userId, scope.userId) : undefined))
    .for('update');
  return row ?? null;
};

export type ExpenseValues = { expenseName: string; reason: string; amountPaid: number };

export const insertExpense = async (
  db: Executor,
  values: ExpenseValues & { userId: number; createdAt: Date },
): Promise<ExpenseRow> => {
  const [row] = await db
    .insert(expenses)
    .values({ ...values, updatedAt: values.createdAt })
    .returning();
  if (!row) throw new Error('insert returned no expense');
  return row;
};

export const updateExpense = async (
  db: Executor,
  id: number,
  values: ExpenseValues & { updatedAt: Date },
): Promise<ExpenseRow> => {
  const [row] = await db.update(expenses).set(values).where(eq(expenses.id, id)).returning();
  if (!row) throw new Error(`update found no expense ${id}`);
  return row;
};

export const deleteExpense = async (db: Executor, id: number): Promise<void> => {
  await db.delete(expenses).where(eq(expenses.id, id));
};

/** Staff who record expenses, by name: every account but the superadmins and the borrowers. */
export const listExpenseUsers = (db: Executor) =>
  db
    .select({ id: users.id, name: users.name, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        ne(sql`lower(replace(${roles.name}, ' ', ''))`, 'superadmin'),
        ne(sql`lower(replace(${roles.name}, ' ', ''))`, 'user'),
      ),
    )
    .orderBy(users.name, users.id);
