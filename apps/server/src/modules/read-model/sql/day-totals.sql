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
CREATE OR REPLACE FUNCTION ledger_day_totals_add()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO ledger_day_totals AS t (business_date, kind, shard, amount, instalment, penalty, interest_share, row_count)
  VALUES (
    ledger_business_day(NEW.business_date, NEW.created_at),
    NEW.kind, kept_shard(), NEW.amount, NEW.instalment, NEW.penalty,
    coalesce(NEW.interest_share, CASE WHEN NEW.kind IN ('collected', 'refund') THEN (
      SELECT round(NEW.instalment::numeric * l.interest_amount / nullif(l.total_repayable, 0))::bigint
      FROM loans l WHERE l.id = NEW.loan_id) END, 0), 1)
  ON CONFLICT (business_date, kind, shard) DO UPDATE SET
    amount = t.amount + excluded.amount,
    instalment = t.instalment + excluded.instalment,
    penalty = t.penalty + excluded.penalty,
    interest_share = t.interest_share + excluded.interest_share,
    row_count = t.row_count + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recomputes both day totals from their rows, then the month totals and the per-loan money totals
-- (rebuild_emi_month_totals, rebuild_loan_money_totals): after a bulk load made with triggers off,
-- one call brings every kept figure of the ledger and the EMIs back.
CREATE OR REPLACE FUNCTION rebuild_day_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_day_totals;
  INSERT INTO ledger_day_totals (business_date, kind, shard, amount, instalment, penalty, interest_share, row_count)
  SELECT ledger_business_day(g.business_date, g.created_at),
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
  PERFORM rebuild_loan_money_totals();
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS loan_ledger_day_totals ON loan_ledger;
--> statement-breakpoint
CREATE TRIGGER loan_ledger_day_totals AFTER INSERT ON loan_ledger
  FOR EACH ROW EXECUTE FUNCTION ledger_day_totals_add();
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
