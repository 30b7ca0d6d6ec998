-- Each loan's scheduled EMI money per calendar month (docs/dashboard.md), kept by a trigger in the
-- transaction of every EMI change, so the interest a month's schedule expects reads one row per loan.

-- One EMI's part in its loan's month (sign +1 adds it, -1 takes it away); foreclosed EMIs are not due.
CREATE OR REPLACE FUNCTION emi_month_totals_bump(p_date date, p_loan integer, p_sign integer, p_status text, p_amount bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_status = 'foreclosed' THEN RETURN; END IF;
  INSERT INTO emi_month_loan_totals AS t (month, loan_id, scheduled)
  VALUES (date_trunc('month', p_date)::date, p_loan, p_sign * p_amount)
  ON CONFLICT (month, loan_id) DO UPDATE SET scheduled = t.scheduled + excluded.scheduled;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION emi_month_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD.emi_date = NEW.emi_date AND OLD.status = NEW.status AND OLD.amount = NEW.amount
    AND OLD.loan_id = NEW.loan_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM emi_month_totals_bump(OLD.emi_date, OLD.loan_id, -1, OLD.status, OLD.amount);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM emi_month_totals_bump(NEW.emi_date, NEW.loan_id, 1, NEW.status, NEW.amount);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER emis_month_totals AFTER INSERT OR UPDATE OR DELETE ON emis
  FOR EACH ROW EXECUTE FUNCTION emi_month_totals_change();
--> statement-breakpoint

-- Recomputes the month totals from the EMIs.
CREATE OR REPLACE FUNCTION rebuild_emi_month_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM emi_month_loan_totals;
  INSERT INTO emi_month_loan_totals (month, loan_id, scheduled)
  SELECT date_trunc('month', e.emi_date)::date, e.loan_id, sum(e.amount)
  FROM emis e WHERE e.status <> 'foreclosed'
  GROUP BY 1, 2;
END $$;
--> statement-breakpoint

-- rebuild_day_totals() (0016_day_totals) now rebuilds the month totals too, so a bulk load made with
-- triggers off needs the one call it always needed.
CREATE OR REPLACE FUNCTION rebuild_day_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_day_totals;
  INSERT INTO ledger_day_totals (business_date, kind, shard, amount, instalment, penalty, interest_share, row_count)
  SELECT coalesce(g.business_date, ((g.created_at AT TIME ZONE 'UTC') + interval '330 minutes')::date),
    g.kind, (g.loan_id % 8)::smallint, sum(g.amount), sum(g.instalment), sum(g.penalty),
    coalesce(sum(coalesce(g.interest_share, CASE WHEN g.kind IN ('collected', 'refund')
      THEN round(g.instalment::numeric * l.interest_amount / nullif(l.total_repayable, 0))::bigint ELSE 0 END)), 0),
    count(*)
  FROM loan_ledger g JOIN loans l ON l.id = g.loan_id
  GROUP BY 1, 2, 3;
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
END $$;
--> statement-breakpoint
SELECT rebuild_emi_month_totals();
