import type { TTodoStatusFilter } from '@lending/domain';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type TodoRow, todos } from '../../db/schema';

const ownedBy = (userId: number, id?: number): SQL | undefined =>
  and(eq(todos.userId, userId), id === undefined ? undefined : eq(todos.id, id));

/** A person's tasks of a status (the list's filter). */
const ofStatus = (userId: number, status: TTodoStatusFilter): SQL | undefined =>
  and(ownedBy(userId), status === 'all' ? undefined : eq(todos.completed, status === 'completed'));

/** One page of a person's tasks of a status, newest first. */
export const listTodos = (
  db: Executor,
  userId: number,
  status: TTodoStatusFilter,
  page: { limit: number; offset: number },
) =>
  db
    .select()
    .from(todos)
    .where(ofStatus(userId, status))
    .orderBy(desc(todos.createdAt), desc(todos.id))
    .limit(page.limit)
    .offset(page.offset);

/** How many tasks a person has, and how many of them are completed. */
export const todoCounts = async (db: Executor, userId: number) => {
  const [row] = await db
    .select({
      total: count(),
      completed: sql<string>`(count(*) filter (where ${todos.completed}))::text`,
    })
    .from(todos)
    .where(ownedBy(userId));
  return { total: Number(row?.total ?? 0), completed: Number(row?.completed ?? 0) };
};

export const insertTodo = async (
  db: Executor,
  values: { title: string; completed: boolean; userId: number; createdAt: Date },
): Promise<TodoRow> => {
  const [row] = await db
    .insert(todos)
    .values({ ...values, updatedAt: values.createdAt })
    .returning();
  if (!row) throw new Error('insert returned no task');
  return row;
};

/** The person's task, locked until the transaction ends; someone else's is as good as missing. */
export const lockTodo = async (tx: Executor, userId: number, id: number): Promise<TodoRow | null> => {
  const [row] = await tx.select().from(todos).where(ownedBy(userId, id)).for('update');
  return row ?? null;
};

export const updateTodo = async (
  db: Executor,
  id: number,
  changes: { title?: string; completed?: boolean; updatedAt: Date },
): Promise<TodoRow> => {
  const [row] = await db.update(todos).set(changes).where(eq(todos.id, id)).returning();
  if (!row) throw new Error(`update found no task ${id}`);
  return row;
};

export const deleteTodo = async (db: Executor, id: number): Promise<void> => {
  await db.delete(todos).where(eq(todos.id, id));
};
