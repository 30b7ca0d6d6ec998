-- Produced by `npm run db:kept` from the read model's current SQL; change those files, not this one:
--   apps/server/src/modules/read-model/sql/emi-day-totals.sql
--   apps/server/src/modules/read-model/sql/ledger-day-totals.sql
CREATE OR REPLACE FUNCTION emi_day_totals_bump(p_date date, p_loan integer, p_sign integer, p_status text, p_dues_with integer, p_emi_number integer, p_owed bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  is_open boolean := p_status = 'pending' OR (p_status = 'bounced' AND p_dues_with = p_emi_number);
  is_due boolean := p_status <> 'foreclosed';
BEGIN
  IF NOT is_open AND NOT is_due THEN RETURN; END IF;
  INSERT INTO emi_day_totals AS t (emi_date, shard, open_count, open_amount, due_count)
  VALUES (p_date, kept_shard(),
    CASE WHEN is_open THEN p_sign ELSE 0 END,
    CASE WHEN is_open THEN p_sign * p_owed ELSE 0 END,
    CASE WHEN is_due THEN p_sign ELSE 0 END)
  ON CONFLICT (emi_date, shard) DO UPDATE SET
    open_count = t.open_count + excluded.open_count,
    open_amount = t.open_amount + excluded.open_amount,
    due_count = t.due_count + excluded.due_count;
END $$;
--> statement-breakpoint
-- EMI rows count only while their loan is approved; the loan's own trigger moves them in and out.
CREATE OR REPLACE FUNCTION emi_day_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  approved boolean;
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD.emi_date = NEW.emi_date AND OLD.status = NEW.status AND OLD.amount = NEW.amount
    AND OLD.late_charge = NEW.late_charge AND OLD.dues_with IS NOT DISTINCT FROM NEW.dues_with
    AND OLD.emi_number = NEW.emi_number THEN
    RETURN NULL;
  END IF;
  SELECT l.status = 'approved' INTO approved FROM loans l
    WHERE l.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.loan_id ELSE NEW.loan_id END;
  IF NOT coalesce(approved, false) THEN RETURN NULL; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM emi_day_totals_bump(OLD.emi_date, OLD.loan_id, -1, OLD.status, OLD.dues_with, OLD.emi_number,
      OLD.amount + OLD.late_charge);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM emi_day_totals_bump(NEW.emi_date, NEW.loan_id, 1, NEW.status, NEW.dues_with, NEW.emi_number,
      NEW.amount + NEW.late_charge);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loan_status_day_totals()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  sign integer;
BEGIN
  IF OLD.status = NEW.status OR (OLD.status <> 'approved' AND NEW.status <> 'approved') THEN RETURN NULL; END IF;
  sign := CASE WHEN NEW.status = 'approved' THEN 1 ELSE -1 END;
  INSERT INTO emi_day_totals AS t (emi_date, shard, open_count, open_amount, due_count)
  SELECT e.emi_date, kept_shard(),
    sign * count(*) FILTER (WHERE e.status = 'pending' OR (e.status = 'bounced' AND e.dues_with = e.emi_number)),
    sign * coalesce(sum(e.amount + e.late_charge)
      FILTER (WHERE e.status = 'pending' OR (e.status = 'bounced' AND e.dues_with = e.emi_number)), 0),
    sign * count(*) FILTER (WHERE e.status <> 'foreclosed')
  FROM emis e WHERE e.loan_id = NEW.id GROUP BY e.emi_date
  ON CONFLICT (emi_date, shard) DO UPDATE SET
    open_count = t.open_count + excluded.open_count,
    open_amount = t.open_amount + excluded.open_amount,
    due_count = t.due_count + excluded.due_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recomputes the EMI day totals and the ledger's (rebuild_ledger_day_totals), then the month totals
-- and the per-loan money totals (rebuild_emi_month_totals, rebuild_loan_money_totals): after a bulk
-- load made with triggers off, one call brings every kept figure of the ledger and the EMIs back.
CREATE OR REPLACE FUNCTION rebuild_day_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rebuild_ledger_day_totals();
  DELETE FROM emi_day_totals;
  INSERT INTO emi_day_totals (emi_date, shard, open_count, open_amount, due_count)
  SELECT e.emi_date, (e.loan_id % 8)::smallint,
    count(*) FILTER (WHERE e.status = 'pending' OR (e.status = 'bounced' AND e.dues_with = e.emi_number)),
    coalesce(sum(e.amount + e.late_charge)
      FILTER (WHERE e.status = 'pending' OR (e.status = 'bounced' AND e.dues_with = e.emi_number)), 0),
    count(*) FILTER (WHERE e.status <> 'foreclosed')
  FROM emis e JOIN loans l ON l.id = e.loan_id AND l.status = 'approved'
  GROUP BY 1, 2;
  PERFORM rebuild_emi_month_totals();
  PERFORM rebuild_loan_money_totals();
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_day_totals ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_day_totals AFTER INSERT OR UPDATE OR DELETE ON emis
  FOR EACH ROW EXECUTE FUNCTION emi_day_totals_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_status_day_totals ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_status_day_totals AFTER UPDATE OF status ON loans
  FOR EACH ROW EXECUTE FUNCTION loan_status_day_totals();
--> statement-breakpoint
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
RETURNS TABLE (through_tx xid8, through_id bigint, folded integer) LANGUAGE sql AS $$
  WITH batch AS (
    SELECT g.id, g.tx, g.kind, g.loan_id, g.amount, g.instalment, g.penalty, g.interest_share,
      ledger_business_day(g.business_date, g.created_at) AS day
    FROM loan_ledger g
    WHERE g.tx IS NOT NULL AND (g.tx, g.id) > (p_after_tx, p_after_id) AND g.tx < p_before
    ORDER BY g.tx, g.id LIMIT p_max),
  added AS (
    INSERT INTO ledger_day_totals AS t (business_date, kind, shard, amount, instalment, penalty, interest_share, row_count)
    SELECT b.day, b.kind, kept_shard(), sum(b.amount), sum(b.instalment), sum(b.penalty),
      coalesce(sum(coalesce(b.interest_share, CASE WHEN b.kind IN ('collected', 'refund')
        THEN round(b.instalment::numeric * l.interest_amount / nullif(l.total_repayable, 0))::bigint END, 0)), 0),
      count(*)
    FROM batch b JOIN loans l ON l.id = b.loan_id
    GROUP BY b.day, b.kind
    ON CONFLICT (business_date, kind, shard) DO UPDATE SET
      amount = t.amount + excluded.amount,
      instalment = t.instalment + excluded.instalment,
      penalty = t.penalty + excluded.penalty,
      interest_share = t.interest_share + excluded.interest_share,
      row_count = t.row_count + excluded.row_count)
  -- The upsert above runs once, whole, whether or not this reads it (a data-modifying WITH).
  SELECT last.tx, last.id, (SELECT count(*)::integer FROM batch)
  FROM (SELECT 1) one
    LEFT JOIN LATERAL (SELECT b.tx, b.id FROM batch b ORDER BY b.tx DESC, b.id DESC LIMIT 1) last ON true
$$;
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
--> statement-breakpoint
DROP TRIGGER IF EXISTS loan_ledger_day_totals ON loan_ledger;
--> statement-breakpoint
DROP FUNCTION IF EXISTS ledger_day_totals_add();
