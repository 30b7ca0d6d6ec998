import {
  addDays,
  type ExpenseScope,
  expenseDateRangeError,
  expenseMessages,
  expenseScopeOf,
  istDayInstants,
  istMonthBounds,
  paiseToRupees,
  rupeesToPaise,
  type ScopeCaller,
  type TExpense,
  type TExpenseDashboard,
  type TExpenseRequest,
  type TExpenseSaved,
  type TExpensesQuery,
  type TExpensesResponse,
  type TExpenseTotals,
} from '@lending/domain';
import type { Executor } from '../../db/client';
import { type Actor, beforeAfter, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import {
  deleteExpense,
  type ExpenseFilter,
  type ExpenseWithUser,
  expenseTotals,
  findExpense,
  insertExpense,
  listExpenses,
  listExpenseUsers,
  lockExpense,
  updateExpense,
} from './expense-repository';

const toExpense = ({ expense, userName }: ExpenseWithUser): TExpense => ({
  id: expense.id,
  expense_name: expense.expenseName,
  reason: expense.reason,
  amount_paid: paiseToRupees(expense.amountPaid),
  created_at: expense.createdAt.toISOString(),
  userId: expense.userId,
  user_name: userName,
});

const valuesOf = (input: TExpenseRequest) => ({
  expenseName: input.expense_name,
  reason: input.reason,
  amountPaid: rupeesToPaise(input.amount_paid),
});

/** The average in whole paise (rounded), so the rupee figure never carries a float tail. */
const totalsOf = (totals: { count: number; amount: number; monthAmount: number }): TExpenseTotals => ({
  totalExpenses: totals.count,
  totalAmount: paiseToRupees(totals.amount),
  thisMonthAmount: paiseToRupees(totals.monthAmount),
  averageAmount: totals.count === 0 ? 0 : paiseToRupees(Math.round(totals.amount / totals.count)),
});

/** Expense Management: the caller's scope decides whose expenses every call reaches. */
export const createExpenses = ({ db, clock }: AppDeps) => {
  const filterOf = (caller: ScopeCaller, query: Omit<TExpensesQuery, 'page' | 'limit'>): ExpenseFilter => {
    const problem = expenseDateRangeError(query.startDate, query.endDate, clock.today());
    if (problem !== null)
      throw badRequest('VALIDATION_FAILED', problem, [
        { param: query.startDate && query.startDate > clock.today() ? 'startDate' : 'endDate', msg: problem },
      ]);
    const scope = expenseScopeOf(caller);
    return {
      scope,
      // An agent's user filter is fixed to themselves: whatever they send is ignored.
      userId: scope.kind === 'own' ? undefined : query.userId,
      search: query.search,
      ...istDayInstants(query.startDate, query.endDate),
    };
  };

  const saved = async (tx: Executor, id: number, scope: ExpenseScope) => {
    const row = await findExpense(tx, id, scope);
    if (!row) throw new Error(`expense ${id} vanished`);
    return toExpense(row);
  };

  return {
    /** GET /expenses: one page newest first, with totals over every match of the filters. */
    async list(caller: ScopeCaller, query: TExpensesQuery): Promise<TExpensesResponse> {
      const { page, limit, ...rest } = query;
      const filter = filterOf(caller, rest);
      const rows = await listExpenses(db, filter, { limit, offset: (page - 1) * limit });
      const totals = await expenseTotals(db, filter, istMonthBounds(clock.today()));
      return {
        expenses: rows.map(toExpense),
        page,
        totalPages: Math.ceil(totals.count / limit),
        ...totalsOf(totals),
      };
    },

    /** GET /expenses/dashboard: the caller's reach, overall, this IST month and last. */
    async dashboard(caller: ScopeCaller): Promise<TExpenseDashboard> {
      const filter: ExpenseFilter = { scope: expenseScopeOf(caller) };
      const totals = await expenseTotals(db, filter, istMonthBounds(clock.today()));
      const lastMonth = await expenseTotals(
        db,
        filter,
        istMonthBounds(addDays(`${clock.today().slice(0, 8)}01`, -1)),
      );
      return {
        ...totalsOf(totals),
        thisMonthCount: totals.monthCount,
        lastMonthAmount: paiseToRupees(lastMonth.monthAmount),
      };
    },

    /** GET /expenses/agents */
    users: async () => ({ users: await listExpenseUsers(db) }),

    async create(caller: ScopeCaller, input: TExpenseRequest, actor: Actor): Promise<TExpenseSaved> {
      return db.transaction(async (tx) => {
        const row = await insertExpense(tx, {
          ...valuesOf(input),
          userId: caller.id,
          createdAt: clock.now(),
        });
        await writeAudit(tx, actor, {
          action: 'expense_created',
          resourceType: 'expense',
          resourceId: row.id,
          metadata: { expense_name: row.expenseName, amount_paid: paiseToRupees(row.amountPaid) },
        });
        return { message: expenseMessages.added, expense: await saved(tx, row.id, { kind: 'everyone' }) };
      });
    },

    async update(
      caller: ScopeCaller,
      id: number,
      input: TExpenseRequest,
      actor: Actor,
    ): Promise<TExpenseSaved> {
      const scope = expenseScopeOf(caller);
      return db.transaction(async (tx) => {
        const before = await lockExpense(tx, id, scope);
        if (!before) throw notFound(expenseMessages.notFound);
        const after = await updateExpense(tx, id, { ...valuesOf(input), updatedAt: clock.now() });
        await writeAudit(tx, actor, {
          action: 'expense_updated',
          resourceType: 'expense',
          resourceId: id,
          metadata: beforeAfter(before, after, (row) => ({
            expense_name: row.expenseName,
            reason: row.reason,
            amount_paid: paiseToRupees(row.amountPaid),
          })),
        });
        return { message: expenseMessages.updated, expense: await saved(tx, id, scope) };
      });
    },

    async remove(caller: ScopeCaller, id: number, actor: Actor): Promise<{ message: string }> {
      return db.transaction(async (tx) => {
        const row = await lockExpense(tx, id, expenseScopeOf(caller));
        if (!row) throw notFound(expenseMessages.notFound);
        await deleteExpense(tx, id);
        await writeAudit(tx, actor, {
          action: 'expense_deleted',
          resourceType: 'expense',
          resourceId: id,
          metadata: {
            expense_name: row.expenseName,
            reason: row.reason,
            amount_paid: paiseToRupees(row.amountPaid),
            user_id: row.userId,
          },
        });
        return { message: expenseMessages.deleted };
      });
    },
  };
};
