-- The shard a kept row of this connection's changes lands in. Kept figures that every payment moves
-- (day totals, EMI states, bounced EMIs, expected interest, overdue loans per day, loans per status)
-- would otherwise meet on one row per key, and concurrent payments of different loans would wait for
-- each other's commit or deadlock. A connection runs one transaction at a time, so two transactions
-- only meet on a row when their connections' process ids fall in the same of 64 shards. Every reader
-- sums the shards of a key, so where a count was added and where it is taken away need not be one row.
CREATE OR REPLACE FUNCTION kept_shard() RETURNS smallint LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (pg_backend_pid() % 64)::smallint
$$;
--> statement-breakpoint
-- The business day of a moment: its calendar date in India (UTC+05:30, no daylight saving). Written
-- as a fixed offset so that it is IMMUTABLE: the planner inlines it, and an index may use it.
CREATE OR REPLACE FUNCTION business_day(moment timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((moment AT TIME ZONE 'UTC') + interval '330 minutes')::date
$$;
--> statement-breakpoint
-- The business day of a ledger row: the day it was booked on, or, for a row written before rows
-- carried one, the business day of the moment it was written. Every figure and reader that dates a
-- ledger row uses this, so no two places can date one row differently.
CREATE OR REPLACE FUNCTION ledger_business_day(booked_on date, written_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(booked_on, business_day(written_at))
$$;
