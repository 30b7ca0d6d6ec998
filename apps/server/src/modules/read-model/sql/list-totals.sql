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
-- Moves one loan's EMIs, as folded (loan_emi_states_folded), into (+1) or out of (-1) an agent's rows.
CREATE OR REPLACE FUNCTION emi_state_totals_move_loan(p_loan integer, p_agent integer, p_sign integer)
 RETURNS void
 LANGUAGE sql
AS $$
  INSERT INTO emi_state_totals AS t (emi_date, agent_id, status, open, shard, emis, amount, late_charge, late_charged)
  SELECT e.emi_date, p_agent, e.status, e.open, kept_shard(), p_sign * sum(e.sign), p_sign * sum(e.sign * e.amount),
    p_sign * sum(e.sign * e.late_charge), p_sign * coalesce(sum(e.sign) FILTER (WHERE e.late_charge > 0), 0)
  FROM loan_emi_states_folded(p_loan) e
  GROUP BY 1, 3, 4 ORDER BY 1, 3, 4
  ON CONFLICT (emi_date, agent_id, status, open, shard) DO UPDATE SET
    emis = t.emis + excluded.emis,
    amount = t.amount + excluded.amount,
    late_charge = t.late_charge + excluded.late_charge,
    late_charged = t.late_charged + excluded.late_charged;
$$;
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
-- agent's overdue cards (emi_state_totals), Bounced EMIs' total and cards (emi_bounce_totals). The
-- loans' agents and the bounced EMIs are kept by triggers in the transaction of every change, whichever
-- code path writes the rows; the EMI states are folded in by the projector from the outbox of EMI
-- changes (emi-day-totals.sql), and moved here when a loan's status or agent changes.

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
-- off, as the bench seeder's copies are). The EMI states are the EMIs as folded: the changes still in
-- the outbox are taken off (the projector's fold adds them), under its lock.
CREATE OR REPLACE FUNCTION rebuild_list_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE loans l SET agent_id = c.agent_id FROM users c
  WHERE c.id = l.customer_id AND l.agent_id IS DISTINCT FROM c.agent_id;
  PERFORM kept_projection_lock('emi-day-totals');
  DELETE FROM emi_state_totals;
  INSERT INTO emi_state_totals (emi_date, agent_id, status, open, shard, emis, amount, late_charge, late_charged)
  SELECT x.emi_date, x.agent_id, x.status, x.open, x.shard, sum(x.emis), sum(x.amount), sum(x.late_charge),
    sum(x.late_charged)
  FROM (
    SELECT r.emi_date, r.agent_id, r.status, r.open, r.shard, r.emis, r.amount, r.late_charge, r.late_charged
    FROM emi_state_totals_from_rows() r
    UNION ALL
    SELECT p.emi_date, p.agent_id, p.status, p.open, (p.loan_id % 8)::smallint, -sum(p.sign), -sum(p.sign * p.amount),
      -sum(p.sign * p.late_charge), -coalesce(sum(p.sign) FILTER (WHERE p.late_charge > 0), 0)
    FROM emi_changes_pending p GROUP BY 1, 2, 3, 4, 5) x
  GROUP BY 1, 2, 3, 4, 5;
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
DROP TRIGGER IF EXISTS loans_emi_state_totals ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_emi_state_totals AFTER UPDATE OF status, customer_id, agent_id ON loans
  FOR EACH ROW WHEN ((OLD.status IS DISTINCT FROM NEW.status OR OLD.agent_id IS DISTINCT FROM NEW.agent_id)
    AND (OLD.status = 'approved' OR NEW.status = 'approved'))
  EXECUTE FUNCTION loan_emi_state_totals();
--> statement-breakpoint
-- EMIs inserted (hardly ever bounced already): their bounced records in one upsert for the statement.
CREATE OR REPLACE FUNCTION emi_bounce_totals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO emi_bounce_totals AS t (bounce_status, shard, emis, amount)
  SELECT n.bounce_status, kept_shard(), count(*), sum(n.amount)
  FROM new_emis n WHERE n.bounce_status IS NOT NULL
  GROUP BY 1 ORDER BY 1
  ON CONFLICT (bounce_status, shard) DO UPDATE SET emis = t.emis + excluded.emis, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_bounce_totals_change ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_bounce_totals_change AFTER DELETE ON emis
  FOR EACH ROW EXECUTE FUNCTION emi_bounce_totals_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_bounce_totals_insert ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_bounce_totals_insert AFTER INSERT ON emis
  REFERENCING NEW TABLE AS new_emis FOR EACH STATEMENT EXECUTE FUNCTION emi_bounce_totals_inserted();
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_bounce_totals_update ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_bounce_totals_update AFTER UPDATE OF bounce_status, amount, loan_id ON emis
  FOR EACH ROW WHEN ((OLD.bounce_status, OLD.amount, OLD.loan_id) IS DISTINCT FROM (NEW.bounce_status, NEW.amount, NEW.loan_id))
  EXECUTE FUNCTION emi_bounce_totals_change();
