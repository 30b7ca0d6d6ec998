import {
  type TCreateTodoRequest,
  type TTodo,
  type TTodoSaved,
  type TTodoStats,
  type TTodosQuery,
  type TTodosResponse,
  type TUpdateTodoRequest,
  todoMessages,
} from '@lending/domain';
import type { TodoRow } from '../../db/schema';
import { type Actor, beforeAfter, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { deleteTodo, insertTodo, listTodos, lockTodo, todoCounts, updateTodo } from './todo-repository';

const toTodo = (row: TodoRow): TTodo => ({
  id: row.id,
  title: row.title,
  completed: row.completed,
  created_at: row.createdAt.toISOString(),
});

/** Task Management: every task belongs to whoever created it; nobody else reaches it. */
export const createTodos = ({ db, clock }: AppDeps) => ({
  async list(userId: number, { page, limit, status }: TTodosQuery): Promise<TTodosResponse> {
    const rows = await listTodos(db, userId, status, { limit, offset: (page - 1) * limit });
    // The total of the status asked for: the dashboard's Completed and Pending cards open these.
    const counts = await todoCounts(db, userId);
    const total =
      status === 'all'
        ? counts.total
        : status === 'completed'
          ? counts.completed
          : counts.total - counts.completed;
    return { todos: rows.map(toTodo), total, page, totalPages: Math.ceil(total / limit) };
  },

  async stats(userId: number): Promise<TTodoStats> {
    const { total, completed } = await todoCounts(db, userId);
    return { total, completed, pending: total - completed };
  },

  async create(userId: number, input: TCreateTodoRequest, actor: Actor): Promise<TTodoSaved> {
    return db.transaction(async (tx) => {
      const row = await insertTodo(tx, {
        title: input.title,
        completed: input.completed ?? false,
        userId,
        createdAt: clock.now(),
      });
      await writeAudit(tx, actor, {
        action: 'todo_created',
        resourceType: 'todo',
        resourceId: row.id,
        metadata: { title: row.title },
      });
      return { message: todoMessages.added, todo: toTodo(row) };
    });
  },

  /** A change of `completed` alone is a status update; anything else an edit. */
  async update(userId: number, id: number, input: TUpdateTodoRequest, actor: Actor): Promise<TTodoSaved> {
    return db.transaction(async (tx) => {
      const before = await lockTodo(tx, userId, id);
      if (!before) throw notFound(todoMessages.notFound);
      const after = await updateTodo(tx, id, { ...input, updatedAt: clock.now() });
      await writeAudit(tx, actor, {
        action: 'todo_updated',
        resourceType: 'todo',
        resourceId: id,
        metadata: beforeAfter(before, after, (todo) => ({ title: todo.title, completed: todo.completed })),
      });
      const statusOnly = input.title === undefined;
      return { message: statusOnly ? todoMessages.statusUpdated : todoMessages.updated, todo: toTodo(after) };
    });
  },

  async remove(userId: number, id: number, actor: Actor): Promise<{ message: string }> {
    return db.transaction(async (tx) => {
      const row = await lockTodo(tx, userId, id);
      if (!row) throw notFound(todoMessages.notFound);
      await deleteTodo(tx, id);
      await writeAudit(tx, actor, {
        action: 'todo_deleted',
        resourceType: 'todo',
        resourceId: id,
        metadata: { title: row.title, completed: row.completed },
      });
      return { message: todoMessages.deleted };
    });
  },
});
