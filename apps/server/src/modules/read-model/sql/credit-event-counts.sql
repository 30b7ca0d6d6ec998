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
-- Recomputes the counts from the events (after a bulk load made with
-- triggers off, as the bench seeder's copies are).
CREATE OR REPLACE FUNCTION rebuild_credit_event_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM credit_event_counts;
  INSERT INTO credit_event_counts (customer_id, event_type, events)
  SELECT customer_id, event_type, count(*) FROM credit_events GROUP BY 1, 2;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS credit_events_counts ON credit_events;
--> statement-breakpoint
CREATE TRIGGER credit_events_counts AFTER INSERT OR DELETE OR UPDATE OF customer_id, event_type
  ON credit_events FOR EACH ROW EXECUTE FUNCTION credit_event_counts_apply();
