import { z } from 'zod';
import { ZPageQuery, ZQuery, ZQueryInteger } from './common';
import { ZText } from './primitives';

export const TODO_PAGE_SIZE = 20;
export const TODO_TITLE_MAX = 200;

export const todoMessages = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${TODO_TITLE_MAX} characters`,
  nothingToUpdate: 'Nothing to update',
  notFound: 'Task not found',
  added: 'Task added successfully',
  updated: 'Task updated successfully',
  statusUpdated: 'Task status updated successfully',
  deleted: 'Task deleted successfully',
} as const;

const ZTitle = ZText('title', { error: todoMessages.titleRequired })
  .trim()
  .min(1, todoMessages.titleRequired)
  .max(TODO_TITLE_MAX, todoMessages.titleTooLong);

/** A title the Add Task and save buttons accept: non-empty once trimmed. */
export const isTodoTitleValid = (title: string): boolean => ZTitle.safeParse(title).success;

/** Which of a person's tasks the list shows: every one, the completed or the pending ones. */
export const TODO_STATUS_FILTERS = ['all', 'completed', 'pending'] as const;
export type TTodoStatusFilter = (typeof TODO_STATUS_FILTERS)[number];

/** GET /todos: page and limit (20), status (all by default). */
export const ZTodosQuery = ZQuery({
  page: ZPageQuery,
  limit: ZQueryInteger('limit', 1, 1000, TODO_PAGE_SIZE),
  status: z.enum(TODO_STATUS_FILTERS, { error: 'status must be all, completed or pending' }).default('all'),
});
export type TTodosQuery = z.infer<typeof ZTodosQuery>;

/** POST /todos: a title, and whether it starts completed (no by default). */
export const ZCreateTodoRequest = z.object({ title: ZTitle, completed: z.boolean().default(false) });
export type TCreateTodoRequest = z.input<typeof ZCreateTodoRequest>;

/** PUT /todos/{id}: any of title and completed, at least one. */
export const ZUpdateTodoRequest = z
  .object({ title: ZTitle.optional(), completed: z.boolean().optional() })
  .refine((body) => body.title !== undefined || body.completed !== undefined, todoMessages.nothingToUpdate);
export type TUpdateTodoRequest = z.infer<typeof ZUpdateTodoRequest>;

export const ZTodo = z.object({
  id: z.number(),
  title: z.string(),
  completed: z.boolean(),
  created_at: z.string(),
});
export type TTodo = z.infer<typeof ZTodo>;

export const ZTodosResponse = z.object({
  todos: z.array(ZTodo),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export type TTodosResponse = z.infer<typeof ZTodosResponse>;

export const ZTodoSaved = z.object({ message: z.string(), todo: ZTodo });
export type TTodoSaved = z.infer<typeof ZTodoSaved>;

/** GET /todos/stats: the caller's tasks. */
export const ZTodoStats = z.object({ total: z.number(), completed: z.number(), pending: z.number() });
export type TTodoStats = z.infer<typeof ZTodoStats>;

/** The completion rate the Task Management card shows: completed ÷ total, a whole percent (0 with none). */
export const todoCompletionRate = ({ total, completed }: Pick<TTodoStats, 'total' | 'completed'>): number =>
  total === 0 ? 0 : Math.round((completed / total) * 100);
