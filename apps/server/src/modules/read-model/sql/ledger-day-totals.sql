-- The ledger per business day and kind (money, instalment, penalty, interest share, rows), folded in
-- by the projector in the order the rows' transactions finished, after the watermark of
-- `ledger-day-totals` in kept_projections. A payment writes its ledger rows and nothing here: the
-- dashboard's figures trail it by the projector's pause, and say as of when.
--
-- One fold: the next rows after (p_after_tx, p_after_id), at most p_max, among those whose
-- transactions all finished before p_before (the oldest transaction still running when the caller's
-- snapshot was taken: no row before it can still appear). Answers the last row folded (null when
-- none) and how many. Rows of one day and kind add up in one upsert.
CREATE OR REPLACE FUNCTION ledger_day_totals_fold(p_after_tx xid8, p_after_id bigint, p_before xid8, p_max integer)
RETURNS TABLE (through_tx xid8, through_id bigint, folded integer) LANGUAGE plpgsql AS $$
DECLARE
  fold record;
BEGIN
  -- PL/pgSQL keeps its plans from one fold to the next; a SQL function's upsert was planned anew each
  -- time, which cost more than folding a few payments' rows. No loan lock: a loan's change moves no
  -- day total.
  SELECT * INTO fold FROM ledger_fold_batch(p_after_tx, p_after_id, p_before, p_max, false);
  IF fold.folded > 0 THEN
    INSERT INTO ledger_day_totals AS t (business_date, kind, shard, amount, instalment, penalty, interest_share, row_count)
    SELECT ledger_business_day(g.business_date, g.created_at), g.kind, kept_shard(), sum(g.amount), sum(g.instalment),
      sum(g.penalty),
      coalesce(sum(coalesce(g.interest_share, CASE WHEN g.kind IN ('collected', 'refund')
        THEN round(g.instalment::numeric * l.interest_amount / nullif(l.total_repayable, 0))::bigint END, 0)), 0),
      count(*)
    FROM loan_ledger g JOIN loans l ON l.id = g.loan_id
    WHERE g.id = ANY (fold.ids)
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (business_date, kind, shard) DO UPDATE SET
      amount = t.amount + excluded.amount,
      instalment = t.instalment + excluded.instalment,
      penalty = t.penalty + excluded.penalty,
      interest_share = t.interest_share + excluded.interest_share,
      row_count = t.row_count + excluded.row_count;
  END IF;
  RETURN QUERY SELECT fold.through_tx, fold.through_id, fold.folded;
END $$;
--> statement-breakpoint
-- Recomputes the table from every ledger row whose transaction finished before this one's snapshot
-- and moves the watermark there (after a bulk load made with triggers off, or to repair it); rows of
-- transactions still running are left to the projector. Takes the projector's lock first.
CREATE OR REPLACE FUNCTION rebuild_ledger_day_totals() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  horizon xid8 := pg_snapshot_xmin(pg_current_snapshot());
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('kept:ledger-day-totals', 0));
  DELETE FROM ledger_day_totals;
  INSERT INTO ledger_day_totals (business_date, kind, shard, amount, instalment, penalty, interest_share, row_count)
  SELECT ledger_business_day(g.business_date, g.created_at),
    g.kind, (g.loan_id % 8)::smallint, sum(g.amount), sum(g.instalment), sum(g.penalty),
    coalesce(sum(coalesce(g.interest_share, CASE WHEN g.kind IN ('collected', 'refund')
      THEN round(g.instalment::numeric * l.interest_amount / nullif(l.total_repayable, 0))::bigint ELSE 0 END)), 0),
    count(*)
  FROM loan_ledger g JOIN loans l ON l.id = g.loan_id
  WHERE g.tx IS NULL OR g.tx < horizon
  GROUP BY 1, 2, 3;
  -- Every row before the horizon is in: the watermark is its first position, (horizon, 0).
  INSERT INTO kept_projections AS k (figure, through_tx, through_id, as_of)
  VALUES ('ledger-day-totals', horizon, 0, statement_timestamp())
  ON CONFLICT (figure) DO UPDATE SET through_tx = excluded.through_tx, through_id = 0, as_of = excluded.as_of;
END $$;
