-- Produced by `npm run db:kept` from the read model's current SQL; change those files, not this one:
--   apps/server/src/modules/read-model/sql/emi-day-totals.sql
--   apps/server/src/modules/read-model/sql/list-totals.sql
--   apps/server/src/modules/read-model/sql/loan-money-totals.sql
-- The approved loans' EMIs per date (emi_day_totals), and the outbox of EMI changes that feeds it and
-- the lists' EMI states (emi_state_totals, list-totals.sql). A change of what an EMI of an approved
-- loan counts (its date, status, money, dues) writes one row to emi_changes in its own transaction,
-- nothing more; the projector folds those rows in after commit, in commit order, past the watermark of
-- `emi-day-totals`, and deletes them. So the kept rows are always the EMIs "as folded": the EMIs as they
-- are, less the changes still in the outbox. A change of a loan that moves all its EMIs at once (its
-- status, its agent) moves them as folded (loan_emi_states_folded), and the fold applies what is left
-- with the loan as it then stands.

-- One row per change of what an EMI of an approved loan counts: before and after (null for a new or a
-- deleted EMI). EMIs of loans not approved count nowhere: the loan's approval brings them in as they are.
CREATE OR REPLACE FUNCTION emi_changes_capture() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.loan_id <> NEW.loan_id THEN
    -- An EMI moved to another loan: leaves one loan and enters the other.
    INSERT INTO emi_changes (loan_id, old_emi_date, old_status, old_open, old_amount, old_late_charge)
    SELECT OLD.loan_id, OLD.emi_date, OLD.status,
      OLD.status = 'pending' OR (OLD.status = 'bounced' AND OLD.dues_with IS NOT DISTINCT FROM OLD.emi_number), OLD.amount, OLD.late_charge
    FROM loans l WHERE l.id = OLD.loan_id AND l.status = 'approved';
    INSERT INTO emi_changes (loan_id, new_emi_date, new_status, new_open, new_amount, new_late_charge)
    SELECT NEW.loan_id, NEW.emi_date, NEW.status,
      NEW.status = 'pending' OR (NEW.status = 'bounced' AND NEW.dues_with IS NOT DISTINCT FROM NEW.emi_number), NEW.amount, NEW.late_charge
    FROM loans l WHERE l.id = NEW.loan_id AND l.status = 'approved';
    RETURN NULL;
  END IF;
  INSERT INTO emi_changes (loan_id, old_emi_date, old_status, old_open, old_amount, old_late_charge,
    new_emi_date, new_status, new_open, new_amount, new_late_charge)
  SELECT l.id,
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.emi_date END, CASE WHEN TG_OP <> 'INSERT' THEN OLD.status END,
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.status = 'pending' OR (OLD.status = 'bounced' AND OLD.dues_with IS NOT DISTINCT FROM OLD.emi_number) END,
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.amount END, CASE WHEN TG_OP <> 'INSERT' THEN OLD.late_charge END,
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.emi_date END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.status END,
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.status = 'pending' OR (NEW.status = 'bounced' AND NEW.dues_with IS NOT DISTINCT FROM NEW.emi_number) END,
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.amount END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.late_charge END
  FROM loans l
  WHERE l.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.loan_id ELSE NEW.loan_id END AND l.status = 'approved';
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The changes still in the outbox as the fold will apply them to the loans as they stand now: the
-- before side taken away, the after side added, for approved loans only (npm run verify adds them to
-- the kept rows to compare with the EMIs; a rebuild takes them off, since the fold will bring them).
CREATE OR REPLACE VIEW emi_changes_pending AS
  SELECT s.loan_id, coalesce(l.agent_id, 0) AS agent_id, s.sign, s.emi_date, s.status, s.open, s.amount,
    s.late_charge
  FROM (
    SELECT c.loan_id, -1 AS sign, c.old_emi_date AS emi_date, c.old_status AS status, c.old_open AS open,
      c.old_amount AS amount, c.old_late_charge AS late_charge
    FROM emi_changes c WHERE c.old_status IS NOT NULL
    UNION ALL
    SELECT c.loan_id, 1, c.new_emi_date, c.new_status, c.new_open, c.new_amount, c.new_late_charge
    FROM emi_changes c WHERE c.new_status IS NOT NULL) s
  JOIN loans l ON l.id = s.loan_id AND l.status = 'approved';
--> statement-breakpoint
-- One loan's EMIs as folded, as signed rows: the EMIs as they are (+1), less the after side of its
-- changes still in the outbox (-1), plus their before side (+1). What the kept rows hold of the loan.
CREATE OR REPLACE FUNCTION loan_emi_states_folded(p_loan integer)
RETURNS TABLE (emi_date date, status text, open boolean, amount bigint, late_charge bigint, sign integer)
LANGUAGE sql STABLE AS $$
  SELECT e.emi_date, e.status, e.status = 'pending' OR (e.status = 'bounced' AND e.dues_with IS NOT DISTINCT FROM e.emi_number),
    e.amount, e.late_charge, 1
  FROM emis e WHERE e.loan_id = p_loan
  UNION ALL
  SELECT c.new_emi_date, c.new_status, c.new_open, c.new_amount, c.new_late_charge, -1
  FROM emi_changes c WHERE c.loan_id = p_loan AND c.new_status IS NOT NULL
  UNION ALL
  SELECT c.old_emi_date, c.old_status, c.old_open, c.old_amount, c.old_late_charge, 1
  FROM emi_changes c WHERE c.loan_id = p_loan AND c.old_status IS NOT NULL
$$;
--> statement-breakpoint
-- One fold of the projector: the next outbox rows after (p_after_tx, p_after_id), at most p_max, among
-- those whose transactions all finished before p_before, in commit order. Their loans are locked FOR
-- SHARE first (in id order), so a change of a loan's status or agent in flight commits before the fold
-- reads it, and one that starts later waits for the fold. The rows are deleted and their changes added,
-- for loans approved now, to the EMI day totals and the lists' EMI states, a key in one upsert each.
CREATE OR REPLACE FUNCTION emi_day_totals_fold(p_after_tx xid8, p_after_id bigint, p_before xid8, p_max integer)
RETURNS TABLE (through_tx xid8, through_id bigint, folded integer) LANGUAGE plpgsql AS $$
DECLARE
  batch_ids bigint[];
  last_tx xid8;
  last_id bigint;
BEGIN
  SELECT array_agg(b.id ORDER BY b.tx, b.id) INTO batch_ids
  FROM (SELECT c.id, c.tx FROM emi_changes c
    WHERE (c.tx, c.id) > (p_after_tx, p_after_id) AND c.tx < p_before
    ORDER BY c.tx, c.id LIMIT p_max) b;
  IF batch_ids IS NULL THEN
    RETURN QUERY SELECT NULL::xid8, NULL::bigint, 0;
    RETURN;
  END IF;
  SELECT c.tx, c.id INTO last_tx, last_id FROM emi_changes c WHERE c.id = batch_ids[cardinality(batch_ids)];
  PERFORM 1 FROM loans l
  WHERE l.id IN (SELECT c.loan_id FROM emi_changes c WHERE c.id = ANY (batch_ids))
  ORDER BY l.id FOR SHARE;
  WITH taken AS (
    DELETE FROM emi_changes c WHERE c.id = ANY (batch_ids) RETURNING c.*),
  sides AS (
    SELECT t.loan_id, -1 AS sign, t.old_emi_date AS emi_date, t.old_status AS status, t.old_open AS open,
      t.old_amount AS amount, t.old_late_charge AS late_charge
    FROM taken t WHERE t.old_status IS NOT NULL
    UNION ALL
    SELECT t.loan_id, 1, t.new_emi_date, t.new_status, t.new_open, t.new_amount, t.new_late_charge
    FROM taken t WHERE t.new_status IS NOT NULL),
  counted AS (
    SELECT s.*, coalesce(l.agent_id, 0) AS agent_id
    FROM sides s JOIN loans l ON l.id = s.loan_id AND l.status = 'approved'),
  states AS (
    INSERT INTO emi_state_totals AS t (emi_date, agent_id, status, open, shard, emis, amount, late_charge, late_charged)
    SELECT c.emi_date, c.agent_id, c.status, c.open, kept_shard(), sum(c.sign), sum(c.sign * c.amount),
      sum(c.sign * c.late_charge), coalesce(sum(c.sign) FILTER (WHERE c.late_charge > 0), 0)
    FROM counted c GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (emi_date, agent_id, status, open, shard) DO UPDATE SET
      emis = t.emis + excluded.emis,
      amount = t.amount + excluded.amount,
      late_charge = t.late_charge + excluded.late_charge,
      late_charged = t.late_charged + excluded.late_charged)
  INSERT INTO emi_day_totals AS t (emi_date, shard, open_count, open_amount, due_count)
  SELECT c.emi_date, kept_shard(), coalesce(sum(c.sign) FILTER (WHERE c.open), 0),
    coalesce(sum(c.sign * (c.amount + c.late_charge)) FILTER (WHERE c.open), 0),
    coalesce(sum(c.sign) FILTER (WHERE c.status <> 'foreclosed'), 0)
  FROM counted c WHERE c.open OR c.status <> 'foreclosed'
  GROUP BY 1 ORDER BY 1
  ON CONFLICT (emi_date, shard) DO UPDATE SET
    open_count = t.open_count + excluded.open_count,
    open_amount = t.open_amount + excluded.open_amount,
    due_count = t.due_count + excluded.due_count;
  RETURN QUERY SELECT last_tx, last_id, cardinality(batch_ids);
END $$;
--> statement-breakpoint
-- A loan entering or leaving approved brings its EMIs (as folded) in or takes them out; the fold
-- then applies its changes still in the outbox only while it is approved.
CREATE OR REPLACE FUNCTION loan_status_day_totals()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  direction integer;
BEGIN
  IF OLD.status = NEW.status OR (OLD.status <> 'approved' AND NEW.status <> 'approved') THEN RETURN NULL; END IF;
  direction := CASE WHEN NEW.status = 'approved' THEN 1 ELSE -1 END;
  INSERT INTO emi_day_totals AS t (emi_date, shard, open_count, open_amount, due_count)
  SELECT e.emi_date, kept_shard(),
    direction * coalesce(sum(e.sign) FILTER (WHERE e.open), 0),
    direction * coalesce(sum(e.sign * (e.amount + e.late_charge)) FILTER (WHERE e.open), 0),
    direction * coalesce(sum(e.sign) FILTER (WHERE e.status <> 'foreclosed'), 0)
  FROM loan_emi_states_folded(NEW.id) e GROUP BY e.emi_date ORDER BY e.emi_date
  ON CONFLICT (emi_date, shard) DO UPDATE SET
    open_count = t.open_count + excluded.open_count,
    open_amount = t.open_amount + excluded.open_amount,
    due_count = t.due_count + excluded.due_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recomputes the EMI day totals and the ledger's (rebuild_ledger_day_totals), then the month totals
-- and the per-loan money totals (rebuild_emi_month_totals, rebuild_loan_money_totals): after a bulk
-- load made with triggers off, one call brings every kept figure of the ledger and the EMIs back. The
-- EMI day totals are the EMIs as folded: the changes still in the outbox are taken off (the fold adds
-- them), under the projector's lock.
CREATE OR REPLACE FUNCTION rebuild_day_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rebuild_ledger_day_totals();
  PERFORM kept_projection_lock('emi-day-totals');
  DELETE FROM emi_day_totals;
  INSERT INTO emi_day_totals (emi_date, shard, open_count, open_amount, due_count)
  SELECT x.emi_date, x.shard, sum(x.open_count), sum(x.open_amount), sum(x.due_count)
  FROM (
    SELECT e.emi_date, (e.loan_id % 8)::smallint AS shard,
      count(*) FILTER (WHERE e.status = 'pending' OR (e.status = 'bounced' AND e.dues_with = e.emi_number)) AS open_count,
      coalesce(sum(e.amount + e.late_charge)
        FILTER (WHERE e.status = 'pending' OR (e.status = 'bounced' AND e.dues_with = e.emi_number)), 0) AS open_amount,
      count(*) FILTER (WHERE e.status <> 'foreclosed') AS due_count
    FROM emis e JOIN loans l ON l.id = e.loan_id AND l.status = 'approved'
    GROUP BY 1, 2
    UNION ALL
    SELECT p.emi_date, (p.loan_id % 8)::smallint, -coalesce(sum(p.sign) FILTER (WHERE p.open), 0),
      -coalesce(sum(p.sign * (p.amount + p.late_charge)) FILTER (WHERE p.open), 0),
      -coalesce(sum(p.sign) FILTER (WHERE p.status <> 'foreclosed'), 0)
    FROM emi_changes_pending p GROUP BY 1, 2) x
  GROUP BY 1, 2;
  PERFORM rebuild_emi_month_totals();
  PERFORM rebuild_loan_money_totals();
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_changes_capture ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_changes_capture AFTER INSERT OR DELETE ON emis
  FOR EACH ROW EXECUTE FUNCTION emi_changes_capture();
--> statement-breakpoint
-- Only a change of what the row counts fires it (a payment's notes or moments do not).
DROP TRIGGER IF EXISTS emis_changes_capture_update ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_changes_capture_update
  AFTER UPDATE OF emi_date, status, amount, late_charge, dues_with, emi_number, loan_id ON emis
  FOR EACH ROW WHEN ((OLD.emi_date, OLD.status, OLD.amount, OLD.late_charge, OLD.dues_with, OLD.emi_number, OLD.loan_id)
    IS DISTINCT FROM (NEW.emi_date, NEW.status, NEW.amount, NEW.late_charge, NEW.dues_with, NEW.emi_number, NEW.loan_id))
  EXECUTE FUNCTION emi_changes_capture();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_status_day_totals ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_status_day_totals AFTER UPDATE OF status ON loans
  FOR EACH ROW EXECUTE FUNCTION loan_status_day_totals();
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
--> statement-breakpoint
-- The portfolio's maintained figures (docs/portfolio.md, "How it is computed"): each loan's money to
-- date, folded in by the projector from the ledger after commit (past the watermark of
-- `loan-money-totals`), and the stored closed days, deleted by any change that would make them differ
-- from the ledger.

-- A ledger row's part in its loan's totals. Rows older than the interest-share column take it in the
-- ratio of the loan's terms, as the figures always did (a change of terms refreshes the loan below).
CREATE OR REPLACE FUNCTION loan_money_paid_part(p_kind text, p_instalment bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_kind = 'credit' THEN -p_instalment
    WHEN p_kind IN ('collected', 'credit_applied') THEN p_instalment ELSE 0 END::bigint;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loan_money_principal_part(p_kind text, p_instalment bigint, p_share bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_kind = 'collected' THEN p_instalment - p_share
    WHEN p_kind = 'refund' THEN abs(p_share) - p_instalment ELSE 0 END::bigint;
$$;
--> statement-breakpoint
-- Recomputes one loan's totals from its rows folded so far; its rows after the watermark are added by
-- the projector later (a fold locks the loan first, so it waits for the change that called this).
CREATE OR REPLACE FUNCTION loan_money_refresh(p_loan integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE loan_money_totals SET paid = 0, principal = 0 WHERE loan_id = p_loan;
  INSERT INTO loan_money_totals AS t (loan_id, paid, principal, last_money_day)
  SELECT r.loan_id, r.paid, r.principal, r.last_money_day FROM loan_money_recomputed r WHERE r.loan_id = p_loan
  ON CONFLICT (loan_id) DO UPDATE SET paid = excluded.paid, principal = excluded.principal;
END $$;
--> statement-breakpoint
-- One fold of the projector: the next ledger rows after (p_after_tx, p_after_id), at most p_max, among
-- those whose transactions all finished before p_before. Each loan's rows add to its totals in one
-- upsert (rows are never updated or deleted; the portfolio's rows follow from loan_money_totals' own
-- triggers, in this transaction); a row dated on a stored day changes that day and the ones after it,
-- so they are deleted; cash instalment money is added to its day and the loan's agent. Answers the last
-- row folded and how many.
CREATE OR REPLACE FUNCTION loan_money_totals_fold(p_after_tx xid8, p_after_id bigint, p_before xid8, p_max integer)
RETURNS TABLE (through_tx xid8, through_id bigint, folded integer) LANGUAGE plpgsql AS $$
DECLARE
  fold record;
BEGIN
  SELECT * INTO fold FROM ledger_fold_batch(p_after_tx, p_after_id, p_before, p_max);
  IF fold.folded > 0 THEN
    WITH batch AS (
      SELECT g.id, g.tx, g.kind, g.loan_id, g.instalment, g.interest_share,
        ledger_business_day(g.business_date, g.created_at) AS day
      FROM loan_ledger g WHERE g.id = ANY (fold.ids)),
    money AS (
      SELECT b.* FROM batch b
      WHERE b.kind IN ('collected', 'credit_applied', 'credit', 'refund', 'written_off', 'waived')),
    stale_days AS (
      DELETE FROM portfolio_days WHERE business_date >= (SELECT min(m.day) FROM money m)),
    collected AS (
      INSERT INTO portfolio_agent_days AS g (business_date, agent_key, dated, collected)
      SELECT m.day, coalesce(c.agent_id, 0), 0, sum(m.instalment)
      FROM money m JOIN loans l ON l.id = m.loan_id JOIN users c ON c.id = l.customer_id
      WHERE m.kind = 'collected'
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (business_date, agent_key) DO UPDATE SET collected = g.collected + excluded.collected)
    INSERT INTO loan_money_totals AS t (loan_id, paid, principal, last_money_day)
    SELECT m.loan_id, sum(loan_money_paid_part(m.kind, m.instalment)),
      sum(loan_money_principal_part(m.kind, m.instalment, coalesce(m.interest_share,
        round(m.instalment::numeric * l.interest_amount / nullif(l.total_repayable, 0))::bigint))),
      max(m.day) FILTER (WHERE m.kind IN ('collected', 'credit_applied', 'written_off', 'waived'))
    FROM money m JOIN loans l ON l.id = m.loan_id
    GROUP BY m.loan_id ORDER BY m.loan_id
    ON CONFLICT (loan_id) DO UPDATE SET
      paid = t.paid + excluded.paid,
      principal = t.principal + excluded.principal,
      last_money_day = greatest(t.last_money_day, excluded.last_money_day);
  END IF;
  RETURN QUERY SELECT fold.through_tx, fold.through_id, fold.folded;
END $$;
--> statement-breakpoint
-- A lent loan re-termed or moved to another customer changes the stored days from its start; new
-- terms also change the interest share of its rows written without one.
CREATE OR REPLACE FUNCTION loan_portfolio_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.interest_amount <> NEW.interest_amount OR OLD.total_repayable <> NEW.total_repayable THEN
    PERFORM loan_money_refresh(NEW.id);
  END IF;
  IF (OLD.status IN ('approved', 'closed', 'default') OR NEW.status IN ('approved', 'closed', 'default'))
    AND (OLD.start_date <> NEW.start_date OR OLD.per_day_emi <> NEW.per_day_emi
      OR OLD.total_emi_days <> NEW.total_emi_days OR OLD.loan_amount <> NEW.loan_amount
      OR OLD.interest_amount <> NEW.interest_amount OR OLD.total_repayable <> NEW.total_repayable
      OR OLD.customer_id <> NEW.customer_id) THEN
    DELETE FROM portfolio_days WHERE business_date >= least(OLD.start_date, NEW.start_date);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Figures by agent read the customer's agent as it is now: moving a borrower with lent loans to
-- another agent changes every stored day's split, so they are all deleted (housekeeping makes them again).
CREATE OR REPLACE FUNCTION customer_agent_portfolio_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.agent_id IS DISTINCT FROM NEW.agent_id AND EXISTS (SELECT 1 FROM loans l
      WHERE l.customer_id = NEW.id AND l.status IN ('approved', 'closed', 'default')) THEN
    DELETE FROM portfolio_days;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The day a loan leaves the book: in it on the days from its start to the day before this one.
-- 'infinity' while approved; a closed or defaulted loan's last money day; null when it is in no
-- day's book (not lent, or closed on or before its start).
CREATE OR REPLACE FUNCTION portfolio_book_end(p_status text, p_start date, p_last_money_day date) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_status = 'approved' THEN 'infinity'::date
    WHEN p_status IN ('closed', 'default') AND p_last_money_day > p_start THEN p_last_money_day END;
$$;
--> statement-breakpoint
-- At commit, a loan whose day of leaving the book moved (a loan lent, closed, defaulted or reopened,
-- or a closed loan's last money day moved) changes the stored days from the first one it differs on.
-- Checked at commit, not at each statement: a payment that closes a loan writes its status before its
-- ledger rows, and in between the loan would seem to have left the book the day before.
CREATE OR REPLACE FUNCTION portfolio_book_end_check(p_loan integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  loan loans%ROWTYPE;
  stored date;
  last_day date;
  has_row boolean;
  now_end date;
BEGIN
  SELECT * INTO loan FROM loans WHERE id = p_loan;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT t.book_end, t.last_money_day INTO stored, last_day FROM loan_money_totals t WHERE t.loan_id = p_loan;
  has_row := FOUND;
  -- The loan's money rows the projector has not folded in yet (the closing payment's own, for one)
  -- count too: judged without them, a closed loan would seem to have left the book on an earlier day.
  last_day := greatest(last_day, (SELECT max(ledger_business_day(g.business_date, g.created_at))
    FROM loan_ledger g
    WHERE g.loan_id = p_loan AND g.kind IN ('collected', 'credit_applied', 'written_off', 'waived')
      AND NOT ledger_row_folded('loan-money-totals', g.tx, g.id)));
  now_end := portfolio_book_end(loan.status, loan.start_date, last_day);
  IF stored IS NOT DISTINCT FROM now_end AND (has_row OR now_end IS NULL) THEN RETURN; END IF;
  IF stored IS DISTINCT FROM now_end THEN
    DELETE FROM portfolio_days WHERE business_date >= CASE WHEN stored IS NULL OR now_end IS NULL
      THEN loan.start_date ELSE least(stored, now_end) END;
  END IF;
  INSERT INTO loan_money_totals AS t (loan_id, paid, principal, last_money_day, book_end)
  VALUES (p_loan, 0, 0, NULL, now_end)
  ON CONFLICT (loan_id) DO UPDATE SET book_end = excluded.book_end;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loan_book_end_deferred() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portfolio_book_end_check(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loan_totals_book_end_deferred() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portfolio_book_end_check(NEW.loan_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- rebuild_loan_money_totals() (run by rebuild_day_totals() after a bulk load) rewrites every total from
-- the ledger rows whose transactions finished before this one's snapshot (the watermark moves to that
-- horizon first): the per-row triggers above stand aside and the kept rows are rebuilt once.
CREATE OR REPLACE FUNCTION rebuild_loan_money_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kept_projection_lock('loan-money-totals');
  INSERT INTO kept_projections AS k (figure, through_tx, through_id, as_of)
  VALUES ('loan-money-totals', pg_snapshot_xmin(pg_current_snapshot()), 0, statement_timestamp())
  ON CONFLICT (figure) DO UPDATE SET through_tx = excluded.through_tx, through_id = 0, as_of = excluded.as_of;
  PERFORM set_config('portfolio.rebuilding', 'on', true);
  DELETE FROM loan_money_totals;
  INSERT INTO loan_money_totals (loan_id, paid, principal, last_money_day)
  SELECT r.loan_id, r.paid, r.principal, r.last_money_day FROM loan_money_recomputed r;
  INSERT INTO loan_money_totals (loan_id, paid, principal, last_money_day)
  SELECT l.id, 0, 0, NULL FROM loans l
  WHERE l.status IN ('approved', 'closed', 'default')
    AND NOT EXISTS (SELECT 1 FROM loan_money_totals t WHERE t.loan_id = l.id);
  UPDATE loan_money_totals t SET book_end = portfolio_book_end(l.status, l.start_date, t.last_money_day)
  FROM loans l WHERE l.id = t.loan_id;
  DELETE FROM portfolio_days;
  PERFORM set_config('portfolio.rebuilding', 'off', true);
  PERFORM rebuild_portfolio_kept();
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_book_end ON loans;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER loans_book_end AFTER INSERT OR UPDATE OF status ON loans
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION loan_book_end_deferred();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loan_money_totals_book_end ON loan_money_totals;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER loan_money_totals_book_end AFTER INSERT ON loan_money_totals
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION loan_totals_book_end_deferred();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loan_money_totals_end_moved ON loan_money_totals;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER loan_money_totals_end_moved AFTER UPDATE OF last_money_day ON loan_money_totals
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.last_money_day IS DISTINCT FROM NEW.last_money_day)
  EXECUTE FUNCTION loan_totals_book_end_deferred();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_portfolio_change ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_portfolio_change
  AFTER UPDATE OF start_date, per_day_emi, total_emi_days, loan_amount, interest_amount, total_repayable,
    customer_id ON loans
  FOR EACH ROW EXECUTE FUNCTION loan_portfolio_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_agent_portfolio_change ON users;
--> statement-breakpoint
CREATE TRIGGER users_agent_portfolio_change AFTER UPDATE OF agent_id ON users
  FOR EACH ROW EXECUTE FUNCTION customer_agent_portfolio_change();
--> statement-breakpoint
-- Each loan's totals recomputed from its rows folded so far: the rebuild's source, one loan's refresh (a
-- filter on loan_id reaches into the grouping) and what `npm run verify` compares the kept totals with.
CREATE OR REPLACE VIEW loan_money_recomputed AS
  SELECT g.loan_id, coalesce(sum(loan_money_paid_part(g.kind, g.instalment)), 0)::bigint AS paid,
    coalesce(sum(loan_money_principal_part(g.kind, g.instalment, coalesce(g.interest_share,
      round(g.instalment::numeric * l.interest_amount / nullif(l.total_repayable, 0))::bigint))), 0)::bigint AS principal,
    max(ledger_business_day(g.business_date, g.created_at))
      FILTER (WHERE g.kind IN ('collected', 'credit_applied', 'written_off', 'waived')) AS last_money_day
  FROM loan_ledger g JOIN loans l ON l.id = g.loan_id
  WHERE g.kind IN ('collected', 'credit_applied', 'credit', 'refund', 'written_off', 'waived')
    AND ledger_row_folded('loan-money-totals', g.tx, g.id)
  GROUP BY g.loan_id;
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_day_totals ON emis;
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_state_totals_change ON emis;
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_state_totals_update ON emis;
--> statement-breakpoint
DROP FUNCTION IF EXISTS emi_day_totals_bump(p_date date, p_loan integer, p_sign integer, p_status text, p_dues_with integer, p_emi_number integer, p_owed bigint);
--> statement-breakpoint
DROP FUNCTION IF EXISTS emi_day_totals_change();
--> statement-breakpoint
DROP FUNCTION IF EXISTS emi_state_agent_of(p_loan integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS emi_state_totals_bump(p_date date, p_agent integer, p_status text, p_open boolean, p_loan integer, p_sign integer, p_amount bigint, p_late bigint);
--> statement-breakpoint
DROP FUNCTION IF EXISTS emi_state_totals_change();
