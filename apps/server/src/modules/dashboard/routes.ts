import {
  ZAdminDashboard,
  ZExpectedInterestPage,
  ZExpectedInterestQuery,
  ZFinancialHealth,
  ZInterestMetrics,
  ZMonthlyCount,
  ZMonthlyRevenue,
  ZRecentActivities,
  ZRevenue,
  ZSystemStatus,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { recentActivities } from './activity-service';
import { listExpectedInterest } from './expected-interest-service';
import { createDashboardFigures } from './figures-service';
import { systemStatus } from './status-service';

const errors = errorResponses(401, 403);
/** The dashboard shows the whole book and the installation's health: admins and superadmins only. */
const dashboardReaders = { access: { roles: ['admin', 'superadmin'] } } as const;

/** The admin dashboard's figures (docs/dashboard.md): every one an SQL aggregate over the whole book. */
export const dashboardRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const figures = createDashboardFigures(deps);
    // Each answer is checked against its schema here; the route sees only the widened schema.
    const figure = <T extends z.ZodType>(
      url: string,
      summary: string,
      response: T,
      answer: () => Promise<z.infer<T>>,
    ) => {
      const body: z.ZodType = response;
      app.get(
        url,
        {
          schema: { tags: ['dashboard'], summary, response: { 200: body, ...errors } },
          config: dashboardReaders,
        },
        answer,
      );
    };

    figure(
      '/api/loans/admin-dashboard',
      "The book's figures: principal lent, recovered (principal and interest), charges, today's and pending EMIs",
      ZAdminDashboard,
      figures.admin,
    );
    figure(
      '/api/loans/financial-health',
      'Open instalments and charges of approved loans due in the next 30, 60 and 90 days (today included)',
      ZFinancialHealth,
      figures.financialHealth,
    );
    figure(
      '/api/loans/dashboard/admin/recent-activities',
      'The 8 newest loans, payments, bounces and users',
      ZRecentActivities,
      () => recentActivities(deps),
    );
    figure(
      '/api/stats/revenue',
      'Income so far: interest earned plus charges collected',
      ZRevenue,
      figures.revenue,
    );
    figure(
      '/api/stats/revenue/monthly',
      'Income booked this IST month and last month',
      ZMonthlyRevenue,
      figures.monthlyRevenue,
    );
    figure(
      '/api/stats/loans/approved/monthly',
      'Loans lent (approved, closed or default) starting this month and last month',
      ZMonthlyCount,
      figures.approvedLoansMonthly,
    );
    figure(
      '/api/stats/interest-metrics',
      'Interest collected this month against what the schedule expects, the average flat rate, interest earned so far',
      ZInterestMetrics,
      figures.interestMetrics,
    );
    app.get(
      '/api/stats/interest-metrics/emis',
      {
        schema: {
          tags: ['dashboard'],
          summary:
            "The EMIs behind the month's expected interest, 50 a page, each with its interest share and its loan's rate; totals over the whole filter",
          description:
            "month (YYYY-MM, this IST month when absent), status (lent: approved, closed or default, the default; or one of them), search (loan code or customer name), page, limit. With the default filter the totals are the Interest panel's expected interest, average rate and collected vs expected.",
          querystring: ZExpectedInterestQuery,
          response: { 200: ZExpectedInterestPage, ...errorResponses(400, 401, 403) },
        },
        config: dashboardReaders,
      },
      async (request) => listExpectedInterest(deps, request.query),
    );
    figure('/api/users/stats/monthly', 'Borrowers who joined this month and last month', ZMonthlyCount, () =>
      figures.usersMonthly('user'),
    );
    figure(
      '/api/users/stats/agents/monthly',
      'Agents who joined this month and last month',
      ZMonthlyCount,
      () => figures.usersMonthly('agent'),
    );
    figure(
      '/api/stats/system/status',
      'Real checks: database round trip, storage writable, background jobs, API uptime',
      ZSystemStatus,
      () => systemStatus(deps),
    );
  };
