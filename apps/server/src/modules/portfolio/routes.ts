import {
  defuseCsvText,
  ZParTrend,
  ZParTrendQuery,
  ZPortfolioEfficiency,
  ZPortfolioEfficiencyQuery,
  ZPortfolioSummary,
  ZPortfolioSummaryQuery,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../platform/access';
import { csvFile } from '../../platform/csv-file';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { sendDownload } from '../../platform/streams';
import { createPortfolio } from './service';

/** The whole book's risk is an admin's view: agents and borrowers are refused. */
const PORTFOLIO_READERS: Access = { roles: ['admin', 'superadmin'] };
const errors = errorResponses(400, 401, 403);
const tags = ['portfolio'];
const DEFINITIONS =
  'Definitions and a worked example: docs/portfolio.md. A day is a business day (IST); the figures of a past day read only the ledger rows dated up to it, so they never change afterwards. Amounts in rupees, shares and ratios in percent to two decimals.';

/** Portfolio at risk, ageing and collection efficiency, with their CSV exports. */
export const portfolioRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const portfolio = createPortfolio(deps);
    const config = { access: PORTFOLIO_READERS };

    app.get(
      '/api/portfolio/summary',
      {
        schema: {
          tags,
          summary:
            'PAR1/7/30/90, ageing buckets and outstanding principal as of the end of a day, whole book and per agent',
          description: `asOf: YYYY-MM-DD, today when absent, never after today (400). ${DEFINITIONS}`,
          querystring: ZPortfolioSummaryQuery,
          response: { 200: ZPortfolioSummary, ...errors },
        },
        config,
      },
      async (request) => portfolio.summary(request.query.asOf),
    );

    app.get(
      '/api/portfolio/efficiency',
      {
        schema: {
          tags,
          summary:
            'Collection efficiency of a day, week (Monday to Sunday) or month: collected ÷ due, whole book and per agent',
          description: `date: a day of the period, today when absent; the period ends no later than today. Due = arrears at the period's start + instalments dated in it; collected = instalment money collected in cash in it. ${DEFINITIONS}`,
          querystring: ZPortfolioEfficiencyQuery,
          response: { 200: ZPortfolioEfficiency, ...errors },
        },
        config,
      },
      async (request) => portfolio.efficiency(request.query),
    );

    app.get(
      '/api/portfolio/par-trend',
      {
        schema: {
          tags,
          summary:
            'PAR30 and outstanding principal at the end of each of the last `days` days (1 to 90, default 90), oldest first',
          description: DEFINITIONS,
          querystring: ZParTrendQuery,
          response: { 200: ZParTrend, ...errors },
        },
        config,
      },
      async (request) => portfolio.parTrend(request.query.days),
    );

    const download = {
      produces: ['text/csv'],
      response: { 200: z.unknown().describe('the file'), ...errors },
    };

    app.get(
      '/api/portfolio/summary/export',
      {
        schema: {
          tags,
          summary: 'The summary as CSV, named portfolio_{asOf}.csv: one row per agent and the whole book',
          description: 'Columns: Agent, Loans, Outstanding, PAR1, PAR7, PAR30, PAR90 (rupees), PAR30 %.',
          querystring: ZPortfolioSummaryQuery,
          ...download,
        },
        config,
      },
      async (request, reply) => {
        const s = await portfolio.summary(request.query.asOf);
        const par = (n: string) => s.par.find((p) => p.days === n)?.amount ?? 0;
        const rows = [
          ...s.agents.map((a) => [
            defuseCsvText(a.agent_name),
            a.loans,
            a.outstanding,
            a.par1,
            a.par7,
            a.par30,
            a.par90,
            a.par30_share,
          ]),
          [
            'Whole book',
            s.loans,
            s.outstanding,
            par('1'),
            par('7'),
            par('30'),
            par('90'),
            s.par[2]?.share ?? 0,
          ],
        ];
        const columns = ['Agent', 'Loans', 'Outstanding', 'PAR1', 'PAR7', 'PAR30', 'PAR90', 'PAR30 %'];
        return sendDownload(reply, {
          type: 'text/csv; charset=utf-8',
          fileName: `portfolio_${s.as_of}.csv`,
          body: csvFile(columns, rows),
        });
      },
    );

    app.get(
      '/api/portfolio/efficiency/export',
      {
        schema: {
          tags,
          summary:
            'Collection efficiency as CSV, named collection_efficiency_{from}_{through}.csv: one row per agent and the whole book',
          description:
            'Columns: Agent, Collected, Arrears at start, Dated in period, Due (rupees), Efficiency %.',
          querystring: ZPortfolioEfficiencyQuery,
          ...download,
        },
        config,
      },
      async (request, reply) => {
        const e = await portfolio.efficiency(request.query);
        const line = (name: string, f: typeof e) => [
          name,
          f.collected,
          f.arrears_at_start,
          f.due_in_period,
          f.due,
          f.ratio,
        ];
        const rows = [
          ...e.agents.map((a) => line(defuseCsvText(a.agent_name), { ...e, ...a })),
          line('Whole book', e),
        ];
        return sendDownload(reply, {
          type: 'text/csv; charset=utf-8',
          fileName: `collection_efficiency_${e.from}_${e.through}.csv`,
          body: csvFile(
            ['Agent', 'Collected', 'Arrears at start', 'Dated in period', 'Due', 'Efficiency %'],
            rows,
          ),
        });
      },
    );
  };
