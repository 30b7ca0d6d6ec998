import {
  type Action,
  ZCreateTodoRequest,
  ZIdParam,
  ZMessageResponse,
  ZTodoSaved,
  ZTodoStats,
  ZTodosQuery,
  ZTodosResponse,
  ZUpdateTodoRequest,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Access, actorOf, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { createTodos } from './todo-service';

/** The role matrix decides: admins hold `todos` (superadmins pass), agents and borrowers do not. */
// Everyone, superadmin included, reaches only their own tasks.
const can = (verb: Action): Access => ({ permission: ['todos', verb], scope: 'self' });

const OWN = "Each caller's own tasks only: someone else's task answers 404.";
const TITLE = "title: trimmed, not blank ('Title is required'), at most 200 characters.";
const tags = ['todos'];

/** Task Management: the caller's tasks, their counts, add, edit or toggle, delete. */
export const todoRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const todos = createTodos(deps);

    app.get(
      '/api/todos',
      {
        schema: {
          tags,
          summary:
            "The caller's tasks newest first, 20 a page: {todos, total, page, totalPages}; status=all|completed|pending (total counts that status)",
          description: OWN,
          querystring: ZTodosQuery,
          response: { 200: ZTodosResponse, ...errorResponses(400, 401, 403) },
        },
        config: { access: can('read') },
      },
      async (request) => todos.list(currentUser(request).id, request.query),
    );

    app.get(
      '/api/todos/stats',
      {
        schema: {
          tags,
          summary: "The caller's task counts: {total, completed, pending}",
          response: { 200: ZTodoStats, ...errorResponses(401, 403) },
        },
        config: { access: can('read') },
      },
      async (request) => todos.stats(currentUser(request).id),
    );

    app.post(
      '/api/todos',
      {
        schema: {
          tags,
          summary: "Adds a task of the caller: {message: 'Task added successfully', todo}",
          description: `${TITLE} completed: optional, false by default.`,
          body: ZCreateTodoRequest,
          response: { 201: ZTodoSaved, ...errorResponses(400, 401, 403) },
        },
        config: { access: can('create') },
      },
      async (request, reply) =>
        reply.status(201).send(await todos.create(currentUser(request).id, request.body, actorOf(request))),
    );

    app.put(
      '/api/todos/:id',
      {
        schema: {
          tags,
          summary:
            "Changes a task's title and/or completed (at least one; 'Nothing to update' otherwise): {message, todo}; the message is 'Task status updated successfully' when only completed was sent, else 'Task updated successfully'",
          description: `${TITLE} ${OWN}`,
          params: ZIdParam,
          body: ZUpdateTodoRequest,
          response: { 200: ZTodoSaved, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: can('update') },
      },
      async (request) =>
        todos.update(currentUser(request).id, request.params.id, request.body, actorOf(request)),
    );

    app.delete(
      '/api/todos/:id',
      {
        schema: {
          tags,
          summary: "Deletes a task: {message: 'Task deleted successfully'}",
          description: OWN,
          params: ZIdParam,
          response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: can('delete') },
      },
      async (request) => todos.remove(currentUser(request).id, request.params.id, actorOf(request)),
    );
  };
