CREATE OR REPLACE FUNCTION loan_status_totals_bump(p_status text, p_sign integer, p_amount bigint)
 RETURNS void
 LANGUAGE sql
AS $$
  INSERT INTO loan_status_totals AS t (status, shard, loans, amount)
  VALUES (p_status, kept_shard(), p_sign, p_sign * p_amount)
  ON CONFLICT (status, shard) DO UPDATE SET loans = t.loans + excluded.loans, amount = t.amount + excluded.amount;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loan_status_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM loan_status_totals_bump(OLD.status, -1, OLD.loan_amount);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM loan_status_totals_bump(NEW.status, 1, NEW.loan_amount);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recomputes the totals from the loans (after a bulk load made with
-- triggers off, as the bench seeder's copies are).
CREATE OR REPLACE FUNCTION rebuild_loan_status_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM loan_status_totals;
  INSERT INTO loan_status_totals (status, loans, amount)
  SELECT status, count(*), sum(loan_amount) FROM loans GROUP BY status;
END $$;
--> statement-breakpoint
-- Loans inserted: one upsert per status for the statement (an import writes hundreds at once).
CREATE OR REPLACE FUNCTION loan_status_totals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO loan_status_totals AS t (status, shard, loans, amount)
  SELECT n.status, kept_shard(), count(*), sum(n.loan_amount) FROM new_loans n GROUP BY 1 ORDER BY 1
  ON CONFLICT (status, shard) DO UPDATE SET loans = t.loans + excluded.loans, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_status_totals_change ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_status_totals_change AFTER DELETE ON loans
  FOR EACH ROW EXECUTE FUNCTION loan_status_totals_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_status_totals_insert ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_status_totals_insert AFTER INSERT ON loans
  REFERENCING NEW TABLE AS new_loans FOR EACH STATEMENT EXECUTE FUNCTION loan_status_totals_inserted();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_status_totals_update ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_status_totals_update AFTER UPDATE OF status, loan_amount ON loans
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.loan_amount IS DISTINCT FROM NEW.loan_amount)
  EXECUTE FUNCTION loan_status_totals_change();
