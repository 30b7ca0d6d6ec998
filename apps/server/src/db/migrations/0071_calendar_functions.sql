-- Produced by `npm run db:kept` from the read model's current SQL; change those files, not this one:
--   apps/server/src/modules/read-model/sql/shared.sql
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
--> statement-breakpoint
-- The first day a lent loan is in the portfolio's book: its start, or the cut-over day of a loan taken
-- over from another book when that is later (what it owed and paid before that day is its opening
-- position, booked on the cut-over day, so its earlier days are not this book's). GREATEST skips a
-- null cut-over. The domain's `firstBookDay` is the same rule.
CREATE OR REPLACE FUNCTION portfolio_first_day(p_start date, p_cut_over date) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT greatest(p_start, p_cut_over)
$$;
--> statement-breakpoint
-- Whether a ledger row is in a projected figure: written before rows carried their transaction, or
-- at or before the figure's watermark (the projector folds rows in the order their transactions
-- finished, so the watermark splits the ledger into rows in and rows still to come).
CREATE OR REPLACE FUNCTION ledger_row_folded(p_figure text, p_tx xid8, p_id bigint) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT p_tx IS NULL OR EXISTS (SELECT 1 FROM kept_projections w
    WHERE w.figure = p_figure AND (p_tx, p_id) <= (w.through_tx, w.through_id))
$$;
--> statement-breakpoint
-- The ledger rows a projected figure has not folded in yet: those after its watermark (normally a
-- few hundred). Planned with the watermark's values (EXECUTE ... USING): a statement that reads the
-- watermark in a subquery is planned before knowing it, reckons a third of the ledger after it and
-- scans the whole ledger (2.5 s at 17 million rows) instead of a range of the (tx, id) index. Unlike
-- a fold's batch this one may be large (a book just moved in is millions of rows after the watermark
-- until the fold ends), so the planner chooses, with the values in hand.
CREATE OR REPLACE FUNCTION ledger_rows_after_watermark(p_figure text) RETURNS SETOF loan_ledger
LANGUAGE plpgsql STABLE ROWS 100 AS $$
DECLARE
  mark_tx xid8;
  mark_id bigint;
BEGIN
  SELECT w.through_tx, w.through_id INTO mark_tx, mark_id FROM kept_projections w WHERE w.figure = p_figure;
  RETURN QUERY EXECUTE 'SELECT g.* FROM loan_ledger g WHERE g.tx IS NOT NULL AND (g.tx, g.id) > ($1, $2)'
    USING coalesce(mark_tx, '0'::xid8), coalesce(mark_id, 0::bigint);
END $$;
--> statement-breakpoint
-- Waits for a projected figure's projector lock, held until the caller's transaction ends: a rebuild
-- takes it first, so no fold runs between its moving the watermark and its commit (the fold would add
-- rows the rebuild counted), and so does a reader that brings the figure up to date before reading.
CREATE OR REPLACE FUNCTION kept_projection_lock(p_figure text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('kept:' || p_figure, 0))
$$;
--> statement-breakpoint
-- The next batch of a projector's fold over the ledger: the ids of the rows after (p_after_tx,
-- p_after_id), at most p_max, among those whose transactions all finished before p_before, in commit
-- order, with the last of them and how many. With p_lock_loans their loans are then locked FOR SHARE,
-- in id order, so a
-- fold that reads a loan (its customer, agent, terms) waits for a change of that loan in flight, and a
-- change that starts later waits for the fold: figures that a loan's change recomputes and a fold adds
-- to then never miss or count a row twice.
-- Never planned as a scan of the whole table: on a new lender's database the statistics say the ledger
-- is empty, while a book being moved in holds millions of rows not yet committed; a cached plan that
-- reads them all and sorts them ran at every step of every figure, for the whole import (a core's
-- worth of work at 100,000 loans). The batch is always the next stretch of the (tx, id) index.
CREATE OR REPLACE FUNCTION ledger_fold_batch(p_after_tx xid8, p_after_id bigint, p_before xid8, p_max integer,
  p_lock_loans boolean DEFAULT true)
RETURNS TABLE (ids bigint[], through_tx xid8, through_id bigint, folded integer) LANGUAGE plpgsql
SET enable_seqscan = off AS $$
DECLARE
  batch_ids bigint[];
  last_tx xid8;
  last_id bigint;
BEGIN
  SELECT array_agg(b.id ORDER BY b.tx, b.id) INTO batch_ids
  FROM (SELECT g.id, g.tx FROM loan_ledger g
    WHERE g.tx IS NOT NULL AND (g.tx, g.id) > (p_after_tx, p_after_id) AND g.tx < p_before
    ORDER BY g.tx, g.id LIMIT p_max) b;
  IF batch_ids IS NULL THEN
    RETURN QUERY SELECT ARRAY[]::bigint[], NULL::xid8, NULL::bigint, 0;
    RETURN;
  END IF;
  SELECT g.tx, g.id INTO last_tx, last_id FROM loan_ledger g WHERE g.id = batch_ids[cardinality(batch_ids)];
  IF p_lock_loans THEN
    PERFORM 1 FROM loans l
    WHERE l.id IN (SELECT g.loan_id FROM loan_ledger g WHERE g.id = ANY (batch_ids))
    ORDER BY l.id FOR SHARE;
  END IF;
  RETURN QUERY SELECT batch_ids, last_tx, last_id, cardinality(batch_ids);
END $$;
--> statement-breakpoint
-- One step of a projector, in one statement (a pass of the projector costs one round trip a figure,
-- not ten): the commit horizon read before this transaction writes (so its own id cannot hold the
-- horizon back), the figure's lock taken (p_wait: waited for, as a reader that must read it up to
-- date does; otherwise tried, and another process holding it answers locked = false at once), then
-- up to p_max rows after the watermark folded by p_fold and the watermark moved with them. Caught
-- up (fewer than p_max rows), the watermark moves to the horizon and says as of this statement. A
-- crash before commit loses the fold and the move together, so a row is folded exactly once.
CREATE OR REPLACE FUNCTION kept_projection_step(p_figure text, p_fold text, p_max integer, p_wait boolean)
RETURNS TABLE (locked boolean, folded integer, through_tx xid8, through_id bigint, as_of timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  horizon xid8 := pg_snapshot_xmin(pg_current_snapshot());
  mark record;
  fold record;
  start_tx xid8;
  start_id bigint;
  caught_up boolean;
BEGIN
  -- A fold lost in a crash is folded again from the same watermark: no need to wait for the disk.
  PERFORM set_config('synchronous_commit', 'off', true);
  -- A fold reads a few thousand rows by index: compiling its plan (JIT) would cost more than it runs.
  PERFORM set_config('jit', 'off', true);
  IF p_wait THEN
    PERFORM set_config('lock_timeout', '5s', true);
    PERFORM kept_projection_lock(p_figure);
  ELSIF NOT pg_try_advisory_xact_lock(hashtextextended('kept:' || p_figure, 0)) THEN
    RETURN QUERY SELECT false, 0, NULL::xid8, NULL::bigint, NULL::timestamptz;
    RETURN;
  END IF;
  INSERT INTO kept_projections (figure, through_tx, through_id, as_of)
  VALUES (p_figure, '0'::xid8, 0, statement_timestamp()) ON CONFLICT (figure) DO NOTHING;
  SELECT w.through_tx, w.through_id, w.as_of INTO mark FROM kept_projections w
  WHERE w.figure = p_figure FOR UPDATE;
  EXECUTE format('SELECT * FROM %I($1, $2, $3, $4)', p_fold) INTO fold
  USING mark.through_tx, mark.through_id, horizon, p_max;
  start_tx := mark.through_tx;
  start_id := mark.through_id;
  IF fold.folded > 0 THEN
    mark.through_tx := fold.through_tx;
    mark.through_id := fold.through_id;
  END IF;
  -- Caught up, every row before the horizon is in: the watermark is the horizon's first position
  -- (never moved back, should this snapshot's horizon trail the one that set the watermark).
  caught_up := fold.folded < p_max AND (mark.through_tx, mark.through_id) <= (horizon, 0::bigint);
  IF caught_up THEN
    mark.through_tx := horizon;
    mark.through_id := 0;
  END IF;
  -- A step that moved nothing writes nothing: a long transaction (an import's commit) holds the
  -- horizon still for minutes, and a new row version each step would leave it thousands of dead
  -- versions to walk past on every read of the watermark.
  IF fold.folded > 0 OR (mark.through_tx, mark.through_id) IS DISTINCT FROM (start_tx, start_id) THEN
    UPDATE kept_projections w SET through_tx = mark.through_tx, through_id = mark.through_id,
      as_of = CASE WHEN caught_up THEN statement_timestamp() ELSE mark.as_of END,
      folded = w.folded + fold.folded
    WHERE w.figure = p_figure;
  END IF;
  RETURN QUERY SELECT true, fold.folded, mark.through_tx, mark.through_id,
    CASE WHEN caught_up THEN statement_timestamp() ELSE mark.as_of END;
END $$;
--> statement-breakpoint
-- Whether a loan collects on `p_day`: not one of its weekly off-days (`p_off_days`, bit i = weekday i,
-- 0 = Sunday) and not one of the holidays its schedule skips. The domain's `isCollectionDay` is the
-- same rule; a test holds the two together.
CREATE OR REPLACE FUNCTION calendar_collects(p_day date, p_off_days integer, p_skipped date[]) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (p_off_days & (1 << extract(dow FROM p_day)::integer)) = 0 AND NOT (p_day = ANY (p_skipped))
$$;
--> statement-breakpoint
-- How many days from `p_from` to `p_to` (both included) are not weekly off-days: whole weeks at once,
-- then the few days left one by one.
CREATE OR REPLACE FUNCTION calendar_weekdays_between(p_from date, p_to date, p_off_days integer) RETURNS integer
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  span integer := p_to - p_from + 1;
  per_week integer := 7 - (SELECT count(*) FROM generate_series(0, 6) b WHERE (p_off_days & (1 << b)) <> 0);
  result integer;
  i integer;
BEGIN
  IF span <= 0 THEN RETURN 0; END IF;
  result := (span / 7) * per_week;
  FOR i IN 0 .. (span % 7) - 1 LOOP
    IF (p_off_days & (1 << extract(dow FROM p_to - i)::integer)) = 0 THEN result := result + 1; END IF;
  END LOOP;
  RETURN result;
END $$;
--> statement-breakpoint
-- How many collection days a loan has from its start to `p_day` (both included): its instalments
-- dated by that day, before its tenure caps them. Every day counts when it has no calendar.
CREATE OR REPLACE FUNCTION calendar_days_upto(p_start date, p_off_days integer, p_skipped date[], p_day date)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_day < p_start THEN 0
    WHEN p_off_days = 0 AND cardinality(p_skipped) = 0 THEN p_day - p_start + 1
    ELSE calendar_weekdays_between(p_start, p_day, p_off_days)
      - (SELECT count(DISTINCT s)::integer FROM unnest(p_skipped) s
         WHERE s BETWEEN p_start AND p_day AND (p_off_days & (1 << extract(dow FROM s)::integer)) = 0)
  END
$$;
--> statement-breakpoint
-- The date of a loan's instalment `p_n` (1-based): the n-th collection day on or after its start, so
-- start + n − 1 for a loan collected every day. The domain's `collectionDates` is the same rule.
-- Weekly off-days are counted by whole weeks; each skipped holiday up to the date found pushes it one
-- collection day further, until no new holiday falls inside.
CREATE OR REPLACE FUNCTION calendar_emi_day(p_start date, p_off_days integer, p_skipped date[], p_n integer)
RETURNS date LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  per_week integer;
  target integer := p_n;
  day date;
  found integer;
BEGIN
  IF p_off_days = 0 AND cardinality(p_skipped) = 0 THEN RETURN p_start + p_n - 1; END IF;
  per_week := 7 - (SELECT count(*) FROM generate_series(0, 6) b WHERE (p_off_days & (1 << b)) <> 0);
  LOOP
    -- The target-th day that is not an off-day: whole weeks first, then step to the exact one.
    day := p_start + ((target - 1) / per_week) * 7 - 1;
    found := ((target - 1) / per_week) * per_week;
    WHILE found < target LOOP
      day := day + 1;
      IF (p_off_days & (1 << extract(dow FROM day)::integer)) = 0 THEN found := found + 1; END IF;
    END LOOP;
    found := p_n + (SELECT count(DISTINCT s)::integer FROM unnest(p_skipped) s
      WHERE s BETWEEN p_start AND day AND (p_off_days & (1 << extract(dow FROM s)::integer)) = 0);
    IF found = target THEN RETURN day; END IF;
    target := found;
  END LOOP;
END $$;
