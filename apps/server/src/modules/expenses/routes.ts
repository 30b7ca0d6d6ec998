import {
  type Action,
  ZExpenseDashboard,
  ZExpenseRequest,
  ZExpenseSaved,
  ZExpensesQuery,
  ZExpensesResponse,
  ZExpenseUsersResponse,
  ZIdParam,
  ZMessageResponse,
  ZMonthAmounts,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Access, actorOf, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { createExpenses } from './expense-service';

/** The role matrix decides: admins and agents hold `expenses`, borrowers do not. */
const can = (verb: Action): Access => ({ permission: ['expenses', verb], scope: 'owned' });

const SCOPE =
  'Admins and superadmins reach every expense; anyone else (agents) only their own: another person’s expense answers 404.';
const BODY =
  "expense_name, reason (both trimmed) and amount_paid (rupees, at most 2 decimals, above 0); any of them missing or blank: 400 'All fields are required'.";

const tags = ['expenses'];

/** Expense Management: the list with its totals, the dashboard figures, the user filter, add, edit, delete. */
export const expenseRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const expenses = createExpenses(deps);

    app.get(
      '/api/expenses',
      {
        schema: {
          tags,
          summary:
            'Expenses newest first, 20 a page: {expenses, page, totalPages, totalExpenses, totalAmount, thisMonthAmount, averageAmount}; the totals cover every match of the filters, not just the page',
          description: `search (expense name, reason or user name), userId (ignored for agents: fixed to themselves), startDate/endDate (YYYY-MM-DD, or an ISO moment read as its Asia/Kolkata day; whole IST days, both included; start after end or either in the future: 400). ${SCOPE}`,
          querystring: ZExpensesQuery,
          response: { 200: ZExpensesResponse, ...errorResponses(400, 401, 403) },
        },
        config: { access: can('read') },
      },
      async (request) => expenses.list(currentUser(request), request.query),
    );

    app.get(
      '/api/expenses/dashboard',
      {
        schema: {
          tags,
          summary:
            "The dashboard's expense figures over the caller's reach: totalExpenses, totalAmount, averageAmount, thisMonthAmount, thisMonthCount, lastMonthAmount (months in Asia/Kolkata)",
          description: SCOPE,
          response: { 200: ZExpenseDashboard, ...errorResponses(401, 403) },
        },
        config: { access: can('read') },
      },
      async (request) => expenses.dashboard(currentUser(request)),
    );

    app.get(
      '/api/stats/expenses/monthly',
      {
        schema: {
          tags,
          summary: "The dashboard's Expenses card: every expense's amount this IST month and last month",
          response: { 200: ZMonthAmounts, ...errorResponses(401, 403) },
        },
        // The whole business's spending: the dashboard's readers only.
        config: { access: { roles: ['admin', 'superadmin'] } },
      },
      async (request) => {
        const figures = await expenses.dashboard(currentUser(request));
        return { currentMonth: figures.thisMonthAmount, lastMonth: figures.lastMonthAmount };
      },
    );

    app.get(
      '/api/expenses/agents',
      {
        schema: {
          tags,
          summary:
            'The Filter by User choices: {users: [{id, name, role}]}, every account but superadmins and borrowers, by name. Admins and superadmins.',
          response: { 200: ZExpenseUsersResponse, ...errorResponses(401, 403) },
        },
        config: { access: { roles: ['admin'], permission: ['expenses', 'read'] } },
      },
      async () => expenses.users(),
    );

    app.post(
      '/api/expenses',
      {
        schema: {
          tags,
          summary: "Records an expense of the caller: {message: 'Expense added successfully', expense}",
          description: BODY,
          body: ZExpenseRequest,
          response: { 201: ZExpenseSaved, ...errorResponses(400, 401, 403) },
        },
        config: { access: can('create') },
      },
      async (request, reply) =>
        reply.status(201).send(await expenses.create(currentUser(request), request.body, actorOf(request))),
    );

    app.put(
      '/api/expenses/:id',
      {
        schema: {
          tags,
          summary: "Edits an expense: {message: 'Expense updated successfully', expense}",
          description: `${BODY} ${SCOPE}`,
          params: ZIdParam,
          body: ZExpenseRequest,
          response: { 200: ZExpenseSaved, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: can('update') },
      },
      async (request) =>
        expenses.update(currentUser(request), request.params.id, request.body, actorOf(request)),
    );

    app.delete(
      '/api/expenses/:id',
      {
        schema: {
          tags,
          summary: "Deletes an expense: {message: 'Expense deleted successfully'}",
          description: SCOPE,
          params: ZIdParam,
          response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: can('delete') },
      },
      async (request) => expenses.remove(currentUser(request), request.params.id, actorOf(request)),
    );
  };
