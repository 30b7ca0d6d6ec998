-- The Credit Report's total and stat cards (docs/reports.md): each customer's credit events counted per
-- type, kept by a trigger in the transaction of every insert, delete (a schedule rewrite clears a loan's
-- events) and change of customer or type, whichever code path writes it.
CREATE OR REPLACE FUNCTION credit_event_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE credit_event_counts SET events = events - 1
    WHERE customer_id = OLD.customer_id AND event_type = OLD.event_type;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO credit_event_counts AS t (customer_id, event_type, events)
    VALUES (NEW.customer_id, NEW.event_type, 1)
    ON CONFLICT (customer_id, event_type) DO UPDATE SET events = t.events + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER credit_events_counts AFTER INSERT OR DELETE OR UPDATE OF customer_id, event_type
  ON credit_events FOR EACH ROW EXECUTE FUNCTION credit_event_counts_apply();
--> statement-breakpoint

-- Recomputes the counts from the events (this migration's backfill; also after a bulk load made with
-- triggers off, as the bench seeder's copies are).
CREATE OR REPLACE FUNCTION rebuild_credit_event_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM credit_event_counts;
  INSERT INTO credit_event_counts (customer_id, event_type, events)
  SELECT customer_id, event_type, count(*) FROM credit_events GROUP BY 1, 2;
END $$;
--> statement-breakpoint
SELECT rebuild_credit_event_counts();
--> statement-breakpoint

-- The loan list's cards over every loan (docs/dashboard.md): loans per status with Σ loan amount, kept by
-- a trigger in the transaction of every insert, delete and change of a loan's status or amount. Other
-- changes to a loan (its oldest open EMI date moves with every payment) do not fire it.
CREATE OR REPLACE FUNCTION loan_status_totals_bump(p_status text, p_sign integer, p_amount bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO loan_status_totals AS t (status, loans, amount)
  VALUES (p_status, p_sign, p_sign * p_amount)
  ON CONFLICT (status) DO UPDATE SET loans = t.loans + excluded.loans, amount = t.amount + excluded.amount;
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
CREATE TRIGGER loans_status_totals_change AFTER INSERT OR DELETE ON loans
  FOR EACH ROW EXECUTE FUNCTION loan_status_totals_change();
--> statement-breakpoint
CREATE TRIGGER loans_status_totals_update AFTER UPDATE OF status, loan_amount ON loans
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.loan_amount IS DISTINCT FROM NEW.loan_amount)
  EXECUTE FUNCTION loan_status_totals_change();
--> statement-breakpoint

-- Recomputes the totals from the loans (this migration's backfill; also after a bulk load made with
-- triggers off, as the bench seeder's copies are).
CREATE OR REPLACE FUNCTION rebuild_loan_status_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM loan_status_totals;
  INSERT INTO loan_status_totals (status, loans, amount)
  SELECT status, count(*), sum(loan_amount) FROM loans GROUP BY status;
END $$;
--> statement-breakpoint
SELECT rebuild_loan_status_totals();
