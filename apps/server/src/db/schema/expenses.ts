import { boolean, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, paise, updatedAt } from './columns';
import { userRef } from './users';

/**
 * Money staff spent (fuel, stationery, ...), in paise. Deleting the person keeps the expense: the
 * books of the business outlive an account, so the reference is cleared instead.
 */
export const expenses = pgTable(
  'expenses',
  {
    id: serial('id').primaryKey(),
    expenseName: text('expense_name').notNull(),
    reason: text('reason').notNull(),
    amountPaid: paise('amount_paid').notNull(),
    userId: userRef('user_id', 'set null'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('expenses_created_at_idx').on(t.createdAt, t.id),
    index('expenses_user_id_created_at_idx').on(t.userId, t.createdAt),
  ],
);
export type ExpenseRow = typeof expenses.$inferSelect;

/** A staff member's own tasks; they go with the account. */
export const todos = pgTable(
  'todos',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    completed: boolean('completed').notNull().default(false),
    userId: userRef('user_id', 'cascade').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('todos_user_id_created_at_idx').on(t.userId, t.createdAt, t.id)],
);
export type TodoRow = typeof todos.$inferSelect;
