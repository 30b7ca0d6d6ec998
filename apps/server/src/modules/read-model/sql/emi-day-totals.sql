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
