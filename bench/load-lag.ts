/**
 * The projector's lag while payments are driven: every ~150 ms, for each projected figure, how many
 * committed source rows (ledger rows, or EMI changes in their outbox) are past its watermark, and how
 * old the oldest of them is. A figure with nothing behind it is exact: its lag is 0.
 */
import pg from 'pg';

/**
 * Each projected figure's source rows behind its watermark and the age in ms of the oldest of them (its
 * ledger row's `created_at`; an EMI change is dated by the ledger rows of its transaction). The
 * watermark's own time is no measure: it moves on while a long transaction holds the horizon back.
 */
const LAG_SQL = `
  with w as (
    select k.*, case when k.figure = 'emi-day-totals' then 'emi_changes' else 'loan_ledger' end as source
    from kept_projections k
    where k.figure in ('ledger-day-totals', 'collection-records', 'loan-money-totals', 'emi-day-totals')),
  -- The product's own reader of the ledger past a watermark (planned with its values: a join on the
  -- watermark would scan the whole ledger, seconds a sample at 100,000 loans).
  ledger_behind as (
    select l.figure, count(*) as behind, min(g.created_at) as oldest
    from (select w.figure from w where w.source = 'loan_ledger') l
      cross join lateral ledger_rows_after_watermark(l.figure) g
    group by l.figure),
  changes_behind as (
    select w.figure, count(*) as behind, min(c.tx) as oldest_tx
    from w join emi_changes c on w.source = 'emi_changes' and (c.tx, c.id) > (w.through_tx, w.through_id)
    group by w.figure)
  select w.figure, coalesce(l.behind, c.behind, 0) as behind,
    extract(epoch from clock_timestamp() - coalesce(l.oldest,
      -- Through the (tx, id) index: min(created_at) would walk the created_at index over every row.
      (select g.created_at from loan_ledger g where g.tx is not null and g.tx = c.oldest_tx
        order by g.tx, g.id limit 1), w.as_of)) * 1000 as age_ms
  from w left join ledger_behind l on l.figure = w.figure left join changes_behind c on c.figure = w.figure`;

export type LagSummary = {
  samples: number;
  /** The worst figure's lag per sample, in seconds: p50, p99 and max. */
  p50: number;
  p99: number;
  max: number;
  /** The most rows any figure had behind it in one sample. */
  mostBehind: number;
};

type Row = { figure: string; behind: string; age_ms: string };

const lagOf = (rows: Row[]) => ({
  seconds: Math.max(0, ...rows.map((row) => (Number(row.behind) > 0 ? Number(row.age_ms) / 1000 : 0))),
  behind: Math.max(0, ...rows.map((row) => Number(row.behind))),
});

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

/** Samples until stopped; `stop` answers the summary. */
export const startLagSampler = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const lags: number[] = [];
  let mostBehind = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { seconds, behind } = lagOf((await client.query<Row>(LAG_SQL)).rows);
      lags.push(seconds);
      mostBehind = Math.max(mostBehind, behind);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  })();
  return {
    stop: async (): Promise<LagSummary> => {
      running = false;
      await loop;
      await client.end();
      const sorted = [...lags].sort((a, b) => a - b);
      return {
        samples: sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? 0,
        mostBehind,
      };
    },
  };
};

/** Rows behind each figure now (after the burst: 0 once the projector caught up). */
export const rowsBehindNow = async (databaseUrl: string): Promise<number> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return lagOf((await client.query<Row>(LAG_SQL)).rows).behind;
  } finally {
    await client.end();
  }
};
