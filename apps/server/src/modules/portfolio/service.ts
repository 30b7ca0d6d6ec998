import {
  AGEING_BUCKETS,
  addDays,
  type BucketAmounts,
  collectionEfficiency,
  type IsoDate,
  PAR_THRESHOLDS,
  type ParThreshold,
  paiseToRupees,
  parFromBuckets,
  percentShare,
  periodWindow,
  type TParTrend,
  type TPortfolioEfficiency,
  type TPortfolioEfficiencyQuery,
  type TPortfolioSummary,
} from '@lending/domain';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import {
  type AgentAmount,
  agentNames,
  type BookRow,
  portfolioFigures,
  type RiskRow,
  readPortfolio,
} from '../read-model';

const NO_AGENT = 'No agent';
const rupees = paiseToRupees;

const emptyBuckets = (): BucketAmounts => ({
  current: { loans: 0, amount: 0 },
  '1-7': { loans: 0, amount: 0 },
  '8-30': { loans: 0, amount: 0 },
  '31-90': { loans: 0, amount: 0 },
  '91+': { loans: 0, amount: 0 },
});

const add = (buckets: BucketAmounts, row: BookRow) => {
  const slot = buckets[row.bucket as keyof BucketAmounts];
  slot.loans += row.loans;
  slot.amount += row.outstanding;
};

const totalOf = (buckets: BucketAmounts) =>
  Object.values(buckets).reduce((sum, b) => ({ loans: sum.loans + b.loans, amount: sum.amount + b.amount }), {
    loans: 0,
    amount: 0,
  });

/** Agents first by name, loans without an agent last. */
const byAgentName = <T extends { agent_id: number | null; agent_name: string }>(a: T, b: T) =>
  a.agent_id === null ? 1 : b.agent_id === null ? -1 : a.agent_name.localeCompare(b.agent_name);

/** PAR, ageing and efficiency of the whole book and per agent (docs/portfolio.md). */
export const createPortfolio = (deps: AppDeps) => {
  const { db: database, clock } = deps;

  /** A day asked for: today when absent; a day after today has no figures yet. */
  const dayAsked = (param: string, day: IsoDate | undefined): IsoDate => {
    const today = clock.today();
    if (day && day > today) throw fieldError('VALIDATION_FAILED', param, 'The date cannot be after today');
    return day ?? today;
  };

  const namesOf = async (db: Executor, ids: (number | null)[]) =>
    agentNames(db, [...new Set(ids.filter((id): id is number => id !== null))]);

  /** Risk rows (with arrears) by agent and bucket at the end of `day`. */
  const riskAt = async (db: Executor, day: IsoDate): Promise<RiskRow[]> =>
    (await portfolioFigures(db, clock.today()).riskOver(day, day)).get(day) ?? [];

  const summaryAt = async (db: Executor, asOf: IsoDate): Promise<TPortfolioSummary> => {
    const rows = (await portfolioFigures(db, clock.today()).bookOver(asOf, asOf)).get(asOf) ?? [];
    const book = emptyBuckets();
    const perAgent = new Map<number | null, BucketAmounts>();
    for (const row of rows) {
      add(book, row);
      const agent = perAgent.get(row.agentId) ?? emptyBuckets();
      add(agent, row);
      perAgent.set(row.agentId, agent);
    }
    const total = totalOf(book);
    const names = await namesOf(db, [...perAgent.keys()]);
    const parOf = (buckets: BucketAmounts, n: ParThreshold) => parFromBuckets(buckets, n);
    return {
      as_of: asOf,
      loans: total.loans,
      outstanding: rupees(total.amount),
      par: PAR_THRESHOLDS.map((n) => {
        const par = parOf(book, n);
        return {
          days: String(n) as '1',
          loans: par.loans,
          amount: rupees(par.amount),
          share: percentShare(par.amount, total.amount),
        };
      }),
      buckets: AGEING_BUCKETS.map((b) => ({
        bucket: b.key,
        min_days: b.min,
        max_days: b.max,
        loans: book[b.key].loans,
        amount: rupees(book[b.key].amount),
      })),
      agents: [...perAgent]
        .map(([agentId, buckets]) => {
          const agentTotal = totalOf(buckets).amount;
          return {
            agent_id: agentId,
            agent_name: agentId === null ? NO_AGENT : (names.get(agentId) ?? `#${agentId}`),
            loans: totalOf(buckets).loans,
            outstanding: rupees(agentTotal),
            par1: rupees(parOf(buckets, 1).amount),
            par7: rupees(parOf(buckets, 7).amount),
            par30: rupees(parOf(buckets, 30).amount),
            par90: rupees(parOf(buckets, 90).amount),
            par30_share: percentShare(parOf(buckets, 30).amount, agentTotal),
          };
        })
        .sort(byAgentName),
    };
  };

  /** Collection efficiency of the days `from` to `through`: collected ÷ (arrears at the start + dated). */
  const efficiencyOf = async (
    db: Executor,
    period: TPortfolioEfficiencyQuery['period'],
    from: IsoDate,
    through: IsoDate,
  ): Promise<TPortfolioEfficiency> => {
    const source = portfolioFigures(db, clock.today());
    const [collected, dated, risk] = await Promise.all([
      source.collected(from, through),
      source.dated(from, through),
      riskAt(db, addDays(from, -1)),
    ]);
    const figures = new Map<
      number | null,
      { collected: number; dueInPeriod: number; arrearsAtStart: number }
    >();
    const slot = (agentId: number | null) => {
      const found = figures.get(agentId) ?? { collected: 0, dueInPeriod: 0, arrearsAtStart: 0 };
      figures.set(agentId, found);
      return found;
    };
    const each = (rows: AgentAmount[], key: 'collected' | 'dueInPeriod') => {
      for (const row of rows) slot(row.agentId)[key] += row.amount;
    };
    each(collected, 'collected');
    each(dated, 'dueInPeriod');
    for (const row of risk) slot(row.agentId).arrearsAtStart += row.arrears;
    const view = (f: { collected: number; dueInPeriod: number; arrearsAtStart: number }) => {
      const e = collectionEfficiency(f);
      return {
        collected: rupees(e.collected),
        arrears_at_start: rupees(e.arrearsAtStart),
        due_in_period: rupees(e.dueInPeriod),
        due: rupees(e.due),
        ratio: e.ratio,
      };
    };
    const whole = { collected: 0, dueInPeriod: 0, arrearsAtStart: 0 };
    for (const f of figures.values()) {
      whole.collected += f.collected;
      whole.dueInPeriod += f.dueInPeriod;
      whole.arrearsAtStart += f.arrearsAtStart;
    }
    const names = await namesOf(db, [...figures.keys()]);
    return {
      period,
      from,
      through,
      ...view(whole),
      agents: [...figures]
        .map(([agentId, f]) => ({
          agent_id: agentId,
          agent_name: agentId === null ? NO_AGENT : (names.get(agentId) ?? `#${agentId}`),
          ...view(f),
        }))
        .sort(byAgentName),
    };
  };

  return {
    /** GET /portfolio/summary. */
    summary: (asOf: IsoDate | undefined) => {
      const day = dayAsked('asOf', asOf);
      return readPortfolio(database, (db) => summaryAt(db, day));
    },

    /** GET /portfolio/efficiency: collected ÷ (arrears at the start + instalments dated in the period). */
    async efficiency(query: TPortfolioEfficiencyQuery): Promise<TPortfolioEfficiency> {
      const { from, through } = periodWindow(query.period, dayAsked('date', query.date), clock.today());
      return readPortfolio(database, (db) => efficiencyOf(db, query.period, from, through));
    },

    /** GET /portfolio/par-trend: PAR30 at the end of each of the last `days` days, today included. */
    async parTrend(days: number): Promise<TParTrend> {
      const today = clock.today();
      const byDay = await readPortfolio(database, (db) =>
        portfolioFigures(db, today).bookOver(addDays(today, 1 - days), today, false),
      );
      const points: TParTrend['points'] = [];
      for (const [date, rows] of byDay) {
        const book = emptyBuckets();
        for (const row of rows) add(book, row);
        const par30 = parFromBuckets(book, 30).amount;
        const outstanding = totalOf(book).amount;
        points.push({
          date,
          par30: rupees(par30),
          outstanding: rupees(outstanding),
          share: percentShare(par30, outstanding),
        });
      }
      return { points };
    },
  };
};

export type Portfolio = ReturnType<typeof createPortfolio>;
