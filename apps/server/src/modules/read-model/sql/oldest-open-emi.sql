-- Recomputes loans.oldest_open_emi_date (the date of the loan's oldest open EMI) from its EMIs as they
-- are; an unchanged value is not written again. Recomputed, never moved by a difference, so the order
-- in which changes are brought in does not matter.
CREATE OR REPLACE FUNCTION loan_oldest_open_refresh(p_loan integer) RETURNS void LANGUAGE sql AS $$
  UPDATE loans l SET oldest_open_emi_date = o.oldest
  FROM (SELECT min(e.emi_date) AS oldest FROM emis e
        WHERE e.loan_id = p_loan AND (e.status = 'pending' OR (e.status = 'bounced' AND e.dues_with = e.emi_number))) o
  WHERE l.id = p_loan AND l.oldest_open_emi_date IS DISTINCT FROM o.oldest;
$$;
--> statement-breakpoint
-- An EMI change of a loan not approved recomputes the loan's date in its own transaction. One of an
-- approved loan leaves it to the projector: the change is in the outbox of EMI changes (emi-day-totals.sql)
-- and the fold that takes it recomputes the date of each loan of its batch, after commit. A payment then
-- no longer rewrites its loan's row (twelve indexes) and the overdue counts in its own transaction;
-- the date's readers bring the fold up to their moment first.
CREATE OR REPLACE FUNCTION emi_oldest_open_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD.emi_date = NEW.emi_date AND OLD.status = NEW.status AND OLD.loan_id = NEW.loan_id
    AND OLD.dues_with IS NOT DISTINCT FROM NEW.dues_with AND OLD.emi_number = NEW.emi_number THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM loan_oldest_open_refresh(l.id) FROM loans l WHERE l.id = OLD.loan_id AND l.status <> 'approved';
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.loan_id <> OLD.loan_id) THEN
    PERFORM loan_oldest_open_refresh(l.id) FROM loans l WHERE l.id = NEW.loan_id AND l.status <> 'approved';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recomputes every loan's date (after a bulk load made with triggers off).
CREATE OR REPLACE FUNCTION rebuild_oldest_open_emi_dates() RETURNS void LANGUAGE sql AS $$
  UPDATE loans l SET oldest_open_emi_date = o.oldest
  FROM (SELECT l2.id, (SELECT min(e.emi_date) FROM emis e WHERE e.loan_id = l2.id
          AND (e.status = 'pending' OR (e.status = 'bounced' AND e.dues_with = e.emi_number))) AS oldest
        FROM loans l2) o
  WHERE l.id = o.id AND l.oldest_open_emi_date IS DISTINCT FROM o.oldest;
$$;
--> statement-breakpoint
-- EMIs inserted: each loan not approved among them recomputed once for the statement, in id order.
CREATE OR REPLACE FUNCTION emi_oldest_open_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM loan_oldest_open_refresh(l.id) FROM loans l
  WHERE l.id IN (SELECT DISTINCT n.loan_id FROM new_emis n) AND l.status <> 'approved'
  ORDER BY l.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_oldest_open ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_oldest_open AFTER UPDATE OR DELETE ON emis
  FOR EACH ROW EXECUTE FUNCTION emi_oldest_open_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_oldest_open_insert ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_oldest_open_insert AFTER INSERT ON emis
  REFERENCING NEW TABLE AS new_emis FOR EACH STATEMENT EXECUTE FUNCTION emi_oldest_open_inserted();
