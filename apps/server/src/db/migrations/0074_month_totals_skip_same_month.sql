-- Produced by `npm run db:kept` from the read model's current SQL; change those files, not this one:
--   apps/server/src/modules/read-model/sql/emi-month-totals.sql
CREATE OR REPLACE FUNCTION emi_month_totals_bump(p_date date, p_loan integer, p_sign integer, p_status text, p_amount bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_status = 'foreclosed' THEN RETURN; END IF;
  INSERT INTO emi_month_loan_totals AS t (month, loan_id, scheduled, emis)
  VALUES (date_trunc('month', p_date)::date, p_loan, p_sign * p_amount, p_sign)
  ON CONFLICT (month, loan_id) DO UPDATE SET scheduled = t.scheduled + excluded.scheduled, emis = t.emis + excluded.emis;
END $$;
--> statement-breakpoint
-- An EMI whose state moves between two that are both due (pending, paid, bounced) leaves its month's
-- money as it was: a payment or a bounce no longer writes the month totals twice to change nothing.
-- Nor does a date that stays in its month (a holiday moves most instalments a day or two): a holiday's
-- job would otherwise rewrite each month's interest row once per instalment, in one transaction.
CREATE OR REPLACE FUNCTION emi_month_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND date_trunc('month', OLD.emi_date) = date_trunc('month', NEW.emi_date)
    AND OLD.amount = NEW.amount AND OLD.loan_id = NEW.loan_id
    AND (OLD.status = NEW.status OR (OLD.status <> 'foreclosed' AND NEW.status <> 'foreclosed')) THEN
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
-- The month totals' rebuild (which rebuild_day_totals() calls after a bulk load) rebuilds these too,
-- with the per-row trigger off while it rewrites every month row: the rebuild then computes them once.
CREATE OR REPLACE FUNCTION rebuild_emi_month_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  ALTER TABLE emi_month_loan_totals DISABLE TRIGGER emi_month_loan_totals_interest;
  DELETE FROM emi_month_loan_totals;
  INSERT INTO emi_month_loan_totals (month, loan_id, scheduled, emis)
  SELECT date_trunc('month', e.emi_date)::date, e.loan_id, sum(e.amount), count(*)
  FROM emis e WHERE e.status <> 'foreclosed'
  GROUP BY 1, 2;
  ALTER TABLE emi_month_loan_totals ENABLE TRIGGER emi_month_loan_totals_interest;
  PERFORM rebuild_interest_month_totals();
END $$;
--> statement-breakpoint
-- EMIs inserted: their months' money per loan in one upsert for the statement (a loan taken over
-- brings thousands of EMIs at once; one call each rewrote the same month rows thousands of times).
CREATE OR REPLACE FUNCTION emi_month_totals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO emi_month_loan_totals AS t (month, loan_id, scheduled, emis)
  SELECT date_trunc('month', n.emi_date)::date, n.loan_id, sum(n.amount), count(*)
  FROM new_emis n WHERE n.status <> 'foreclosed'
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (month, loan_id) DO UPDATE SET scheduled = t.scheduled + excluded.scheduled, emis = t.emis + excluded.emis;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_month_totals ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_month_totals AFTER UPDATE OR DELETE ON emis
  FOR EACH ROW EXECUTE FUNCTION emi_month_totals_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_month_totals_insert ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_month_totals_insert AFTER INSERT ON emis
  REFERENCING NEW TABLE AS new_emis FOR EACH STATEMENT EXECUTE FUNCTION emi_month_totals_inserted();
