import { z } from 'zod';
import { AGEING_BUCKETS, EFFICIENCY_PERIODS, PAR_THRESHOLDS } from '../portfolio/rules';
import { ZQuery, ZQueryInteger } from './common';
import { ZCalendarDate } from './primitives';

/** Rupees as the portfolio answers them; shares and ratios are percentages to two decimals. */
const rupees = z.number();
const count = z.number().int().nonnegative();
const percent = z.number();
const optionalDay = ZCalendarDate().optional();

/** GET /portfolio/summary and its export: `asOf` a past or today's business date (today when absent). */
export const ZPortfolioSummaryQuery = ZQuery({ asOf: optionalDay });
export type TPortfolioSummaryQuery = z.infer<typeof ZPortfolioSummaryQuery>;

/** GET /portfolio/efficiency and its export: the period holding `date` (today when absent). */
export const ZPortfolioEfficiencyQuery = ZQuery({
  period: z.enum(EFFICIENCY_PERIODS, { error: 'Period must be day, week or month' }).default('day'),
  date: optionalDay,
});
export type TPortfolioEfficiencyQuery = z.infer<typeof ZPortfolioEfficiencyQuery>;

/** GET /portfolio/par-trend: the last `days` business days up to today (1 to 90). */
export const ZParTrendQuery = ZQuery({ days: ZQueryInteger('days', 1, 90, 90) });

const ZPar = z.object({
  days: z.enum(PAR_THRESHOLDS.map(String) as ['1', '7', '30', '90']),
  loans: count,
  amount: rupees,
  share: percent,
});
const ZBucket = z.object({
  bucket: z.enum(AGEING_BUCKETS.map((b) => b.key) as ['1-7', '8-30', '31-90', '91+']),
  min_days: count,
  max_days: count.nullable(),
  loans: count,
  amount: rupees,
});

/** One agent's book (agent null: loans of customers without an agent). */
export const ZPortfolioAgentRow = z.object({
  agent_id: z.number().nullable(),
  agent_name: z.string(),
  loans: count,
  outstanding: rupees,
  par1: rupees,
  par7: rupees,
  par30: rupees,
  par90: rupees,
  par30_share: percent,
});

/** `GET /portfolio/summary`: PAR, ageing and outstanding principal as of the end of a business day. */
export const ZPortfolioSummary = z.object({
  as_of: z.string(),
  loans: count,
  outstanding: rupees,
  par: z.array(ZPar),
  buckets: z.array(ZBucket),
  agents: z.array(ZPortfolioAgentRow),
});
export type TPortfolioSummary = z.infer<typeof ZPortfolioSummary>;

const efficiencyFigures = {
  collected: rupees,
  arrears_at_start: rupees,
  due_in_period: rupees,
  due: rupees,
  ratio: percent,
};

/** `GET /portfolio/efficiency`: instalment money collected ÷ due in a period, overall and per agent. */
export const ZPortfolioEfficiency = z.object({
  period: z.enum(EFFICIENCY_PERIODS),
  from: z.string(),
  through: z.string(),
  ...efficiencyFigures,
  agents: z.array(
    z.object({ agent_id: z.number().nullable(), agent_name: z.string(), ...efficiencyFigures }),
  ),
});
export type TPortfolioEfficiency = z.infer<typeof ZPortfolioEfficiency>;

/** `GET /portfolio/par-trend`: PAR30 at the end of each day, oldest first. */
export const ZParTrend = z.object({
  points: z.array(z.object({ date: z.string(), par30: rupees, outstanding: rupees, share: percent })),
});
export type TParTrend = z.infer<typeof ZParTrend>;
