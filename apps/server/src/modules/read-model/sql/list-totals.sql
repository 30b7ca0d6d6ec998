-- The agent (0: none) whose row an EMI of this loan counts in, or null while the loan is not approved.
CREATE OR REPLACE FUNCTION emi_state_agent_of(p_loan integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(l.agent_id, 0) FROM loans l WHERE l.id = p_loan AND l.status = 'approved';
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION emi_state_totals_bump(p_date date, p_agent integer, p_status text, p_open boolean, p_loan integer, p_sign integer, p_amount bigint, p_late bigint)
 RETURNS void
 LANGUAGE sql
AS $$
  INSERT INTO emi_state_totals AS t (emi_date, agent_id, status, open, shard, emis, amount, late_charge, late_charged)
  VALUES (p_date, p_agent, p_status, p_open, kept_shard(), p_sign, p_sign * p_amount, p_sign * p_late,
    CASE WHEN p_late > 0 THEN p_sign ELSE 0 END)
  ON CONFLICT (emi_date, agent_id, status, open, shard) DO UPDATE SET
    emis = t.emis + excluded.emis,
    amount = t.amount + excluded.amount,
    late_charge = t.late_charge + excluded.late_charge,
    late_charged = t.late_charged + excluded.late_charged;
$$;
--> statement-breakpoint
-- The same rows computed afresh from the EMIs (the rebuild and `npm run verify` both read it).
CREATE OR REPLACE FUNCTION emi_state_totals_from_rows() RETURNS SETOF emi_state_totals
LANGUAGE sql STABLE AS $$
  SELECT e.emi_date, coalesce(l.agent_id, 0), e.status,
    e.status = 'pending' OR (e.status = 'bounced' AND e.dues_with IS NOT DISTINCT FROM e.emi_number),
    (e.loan_id % 8)::smallint, count(*), sum(e.amount)::bigint, sum(e.late_charge)::bigint,
    count(*) FILTER (WHERE e.late_charge > 0)
  FROM emis e JOIN loans l ON l.id = e.loan_id AND l.status = 'approved'
  GROUP BY 1, 2, 3, 4, 5;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION emi_state_totals_move_loan(p_loan integer, p_agent integer, p_sign integer)
 RETURNS void
 LANGUAGE sql
AS $$
  INSERT INTO emi_state_totals AS t (emi_date, agent_id, status, open, shard, emis, amount, late_charge, late_charged)
  SELECT e.emi_date, p_agent, e.status, e.status = 'pending' OR (e.status = 'bounced' AND e.dues_with IS NOT DISTINCT FROM e.emi_number),
    kept_shard(), p_sign * count(*), p_sign * sum(e.amount)::bigint, p_sign * sum(e.late_charge)::bigint,
    p_sign * count(*) FILTER (WHERE e.late_charge > 0)
  FROM emis e WHERE e.loan_id = p_loan
  GROUP BY 1, 3, 4
  ON CONFLICT (emi_date, agent_id, status, open, shard) DO UPDATE SET
    emis = t.emis + excluded.emis,
    amount = t.amount + excluded.amount,
    late_charge = t.late_charge + excluded.late_charge,
    late_charged = t.late_charged + excluded.late_charged;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION emi_state_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  agent integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    agent := emi_state_agent_of(OLD.loan_id);
    IF agent IS NOT NULL THEN
      PERFORM emi_state_totals_bump(OLD.emi_date, agent, OLD.status,
        OLD.status = 'pending' OR (OLD.status = 'bounced' AND OLD.dues_with IS NOT DISTINCT FROM OLD.emi_number),
        OLD.loan_id, -1, OLD.amount, OLD.late_charge);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    -- An update of one loan's EMI (every payment's) looks the loan up once.
    IF TG_OP = 'INSERT' OR OLD.loan_id <> NEW.loan_id THEN
      agent := emi_state_agent_of(NEW.loan_id);
    END IF;
    IF agent IS NOT NULL THEN
      PERFORM emi_state_totals_bump(NEW.emi_date, agent, NEW.status,
        NEW.status = 'pending' OR (NEW.status = 'bounced' AND NEW.dues_with IS NOT DISTINCT FROM NEW.emi_number),
        NEW.loan_id, 1, NEW.amount, NEW.late_charge);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A loan entering or leaving approved brings its EMIs in or takes them out; a new agent (its customer's
-- changed, or it has another customer) moves them.
CREATE OR REPLACE FUNCTION loan_emi_state_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'approved' THEN
    PERFORM emi_state_totals_move_loan(OLD.id, coalesce(OLD.agent_id, 0), -1);
  END IF;
  IF NEW.status = 'approved' THEN
    PERFORM emi_state_totals_move_loan(NEW.id, coalesce(NEW.agent_id, 0), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION emi_bounce_totals_bump(p_status text, p_loan integer, p_sign integer, p_amount bigint)
 RETURNS void
 LANGUAGE sql
AS $$
  INSERT INTO emi_bounce_totals AS t (bounce_status, shard, emis, amount)
  VALUES (p_status, kept_shard(), p_sign, p_sign * p_amount)
  ON CONFLICT (bounce_status, shard) DO UPDATE SET emis = t.emis + excluded.emis, amount = t.amount + excluded.amount;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION emi_bounce_totals_from_rows() RETURNS SETOF emi_bounce_totals
LANGUAGE sql STABLE AS $$
  SELECT e.bounce_status, (e.loan_id % 8)::smallint, count(*), sum(e.amount)::bigint
  FROM emis e WHERE e.bounce_status IS NOT NULL GROUP BY 1, 2;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION emi_bounce_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.bounce_status IS NOT NULL THEN
    PERFORM emi_bounce_totals_bump(OLD.bounce_status, OLD.loan_id, -1, OLD.amount);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.bounce_status IS NOT NULL THEN
    PERFORM emi_bounce_totals_bump(NEW.bounce_status, NEW.loan_id, 1, NEW.amount);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The lists' kept figures (docs/decisions.md, "Lists' totals kept by triggers"): each loan's agent
-- (loans.agent_id, an agent's overdue loans as one index range), Payments Due's cards over a day and an
-- agent's overdue cards (emi_state_totals), Bounced EMIs' total and cards (emi_bounce_totals). Kept by
-- triggers in the transaction of every change, whichever code path writes the rows.

-- A loan's agent is its customer's, set whenever the loan is written with a customer.
CREATE OR REPLACE FUNCTION loan_agent_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.agent_id := (SELECT c.agent_id FROM users c WHERE c.id = NEW.customer_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A customer given to another agent (or to none) takes their loans along.
CREATE OR REPLACE FUNCTION customer_loans_agent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE loans SET agent_id = NEW.agent_id WHERE customer_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recomputes the loans' agents and both tables from the rows (after a bulk load made with triggers
-- off, as the bench seeder's copies are).
CREATE OR REPLACE FUNCTION rebuild_list_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE loans l SET agent_id = c.agent_id FROM users c
  WHERE c.id = l.customer_id AND l.agent_id IS DISTINCT FROM c.agent_id;
  DELETE FROM emi_state_totals;
  INSERT INTO emi_state_totals SELECT * FROM emi_state_totals_from_rows();
  DELETE FROM emi_bounce_totals;
  INSERT INTO emi_bounce_totals SELECT * FROM emi_bounce_totals_from_rows();
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_agent_set ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_agent_set BEFORE INSERT OR UPDATE OF customer_id, agent_id ON loans
  FOR EACH ROW EXECUTE FUNCTION loan_agent_set();
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_loans_agent ON users;
--> statement-breakpoint
CREATE TRIGGER users_loans_agent AFTER UPDATE OF agent_id ON users
  FOR EACH ROW WHEN (OLD.agent_id IS DISTINCT FROM NEW.agent_id)
  EXECUTE FUNCTION customer_loans_agent();
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_state_totals_change ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_state_totals_change AFTER INSERT OR DELETE ON emis
  FOR EACH ROW EXECUTE FUNCTION emi_state_totals_change();
--> statement-breakpoint
-- Only a change of what the row counts fires it (a payment's notes or dates do not).
DROP TRIGGER IF EXISTS emis_state_totals_update ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_state_totals_update
  AFTER UPDATE OF emi_date, status, amount, late_charge, dues_with, emi_number, loan_id ON emis
  FOR EACH ROW WHEN ((OLD.emi_date, OLD.status, OLD.amount, OLD.late_charge, OLD.dues_with, OLD.emi_number, OLD.loan_id)
    IS DISTINCT FROM (NEW.emi_date, NEW.status, NEW.amount, NEW.late_charge, NEW.dues_with, NEW.emi_number, NEW.loan_id))
  EXECUTE FUNCTION emi_state_totals_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_emi_state_totals ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_emi_state_totals AFTER UPDATE OF status, customer_id, agent_id ON loans
  FOR EACH ROW WHEN ((OLD.status IS DISTINCT FROM NEW.status OR OLD.agent_id IS DISTINCT FROM NEW.agent_id)
    AND (OLD.status = 'approved' OR NEW.status = 'approved'))
  EXECUTE FUNCTION loan_emi_state_totals();
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_bounce_totals_change ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_bounce_totals_change AFTER INSERT OR DELETE ON emis
  FOR EACH ROW EXECUTE FUNCTION emi_bounce_totals_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_bounce_totals_update ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_bounce_totals_update AFTER UPDATE OF bounce_status, amount, loan_id ON emis
  FOR EACH ROW WHEN ((OLD.bounce_status, OLD.amount, OLD.loan_id) IS DISTINCT FROM (NEW.bounce_status, NEW.amount, NEW.loan_id))
  EXECUTE FUNCTION emi_bounce_totals_change();
