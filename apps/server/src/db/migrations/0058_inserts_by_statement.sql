-- Produced by `npm run db:kept` from the read model's current SQL; change those files, not this one:
--   apps/server/src/modules/read-model/sql/cash-day-totals.sql
--   apps/server/src/modules/read-model/sql/emi-day-totals.sql
--   apps/server/src/modules/read-model/sql/emi-month-totals.sql
--   apps/server/src/modules/read-model/sql/interest-month-totals.sql
--   apps/server/src/modules/read-model/sql/list-totals.sql
--   apps/server/src/modules/read-model/sql/loan-status-totals.sql
--   apps/server/src/modules/read-model/sql/oldest-open-emi.sql
--   apps/server/src/modules/read-model/sql/overdue-loan-days.sql
--   apps/server/src/modules/read-model/sql/portfolio-kept.sql
-- Each cash ledger row of a collector adds to its business day, mode and kind. It is also the last
-- guard of a closed cash day: it refuses with its own SQLSTATE, LC001, which the API answers as 409
-- CASH_DAY_CLOSED (platform/errors.ts) should a path ever skip the services' own check.
CREATE OR REPLACE FUNCTION cash_day_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  day date;
BEGIN
  IF NEW.kind NOT IN ('collected', 'refund') OR NEW.actor_id IS NULL OR NEW.payment_mode IS NULL
    OR NEW.payment_mode = 'credit' THEN
    RETURN NULL;
  END IF;
  day := ledger_business_day(NEW.business_date, NEW.created_at);
  IF EXISTS (SELECT 1 FROM cash_day_closes c WHERE c.collector_id = NEW.actor_id AND c.business_date = day) THEN
    RAISE EXCEPTION 'cash day % of collector % is closed', day, NEW.actor_id USING ERRCODE = 'LC001';
  END IF;
  INSERT INTO cash_day_totals AS t (collector_id, business_date, payment_mode, kind, amount, row_count)
  VALUES (NEW.actor_id, day, NEW.payment_mode, NEW.kind, NEW.amount, 1)
  ON CONFLICT (collector_id, business_date, payment_mode, kind) DO UPDATE SET
    amount = t.amount + excluded.amount,
    row_count = t.row_count + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recomputes the totals from the rows (after a bulk load made with
-- triggers off, as the bench seeder's copies are).
CREATE OR REPLACE FUNCTION rebuild_cash_day_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM cash_day_totals;
  INSERT INTO cash_day_totals (collector_id, business_date, payment_mode, kind, amount, row_count)
  SELECT g.actor_id,
    ledger_business_day(g.business_date, g.created_at),
    g.payment_mode, g.kind, sum(g.amount), count(*)
  FROM loan_ledger g
  WHERE g.kind IN ('collected', 'refund') AND g.actor_id IS NOT NULL AND g.payment_mode IS NOT NULL
    AND g.payment_mode <> 'credit'
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS loan_ledger_cash_day_totals ON loan_ledger;
--> statement-breakpoint
CREATE TRIGGER loan_ledger_cash_day_totals AFTER INSERT ON loan_ledger
  FOR EACH ROW WHEN (NEW.kind IN ('collected', 'refund')) EXECUTE FUNCTION cash_day_totals_add();
--> statement-breakpoint
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
-- for loans approved now, to the EMI day totals and the lists' EMI states, a key in one upsert each;
-- then each loan of the batch gets its oldest open EMI date recomputed (oldest-open-emi.sql), which
-- moves the overdue counts by their triggers on the loan's row.
CREATE OR REPLACE FUNCTION emi_day_totals_fold(p_after_tx xid8, p_after_id bigint, p_before xid8, p_max integer)
RETURNS TABLE (through_tx xid8, through_id bigint, folded integer) LANGUAGE plpgsql AS $$
DECLARE
  batch_ids bigint[];
  batch_loans integer[];
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
  SELECT array_agg(DISTINCT c.loan_id ORDER BY c.loan_id) INTO batch_loans
  FROM emi_changes c WHERE c.id = ANY (batch_ids);
  PERFORM 1 FROM loans l WHERE l.id = ANY (batch_loans) ORDER BY l.id FOR SHARE;
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
  -- Recomputed from the EMIs as they are now: a later change still in the outbox recomputes it again.
  PERFORM loan_oldest_open_refresh(b.loan_id) FROM unnest(batch_loans) b(loan_id);
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
-- EMIs inserted (a new schedule, a loan taken over with thousands at once): their outbox rows in one
-- statement, in EMI order, instead of one trigger call per EMI.
CREATE OR REPLACE FUNCTION emi_changes_capture_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO emi_changes (loan_id, new_emi_date, new_status, new_open, new_amount, new_late_charge)
  SELECT n.loan_id, n.emi_date, n.status,
    n.status = 'pending' OR (n.status = 'bounced' AND n.dues_with IS NOT DISTINCT FROM n.emi_number), n.amount,
    n.late_charge
  FROM new_emis n JOIN loans l ON l.id = n.loan_id AND l.status = 'approved'
  ORDER BY n.loan_id, n.emi_number;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_changes_capture ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_changes_capture AFTER DELETE ON emis
  FOR EACH ROW EXECUTE FUNCTION emi_changes_capture();
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_changes_capture_insert ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_changes_capture_insert AFTER INSERT ON emis
  REFERENCING NEW TABLE AS new_emis FOR EACH STATEMENT EXECUTE FUNCTION emi_changes_capture_inserted();
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
CREATE OR REPLACE FUNCTION emi_month_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD.emi_date = NEW.emi_date AND OLD.amount = NEW.amount AND OLD.loan_id = NEW.loan_id
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION interest_month_totals_apply(p_month date, p_loan integer, p_scheduled bigint, p_emis integer, p_status text, p_loan_amount bigint, p_interest bigint, p_total bigint, p_sign integer)
 RETURNS void
 LANGUAGE plpgsql
AS $$
BEGIN
  IF (p_scheduled = 0 AND p_emis = 0) OR p_status IS NULL THEN RETURN; END IF;
  INSERT INTO interest_month_totals AS t (month, loan_status, shard, loans, emis, scheduled, expected, principal, interest)
  VALUES (p_month, p_status, kept_shard(), p_sign, p_sign * p_emis, p_sign * p_scheduled,
    p_sign * coalesce(round(p_scheduled::numeric * p_interest / nullif(p_total, 0))::bigint, 0),
    p_sign * p_loan_amount, p_sign * p_interest)
  ON CONFLICT (month, loan_status, shard) DO UPDATE SET loans = t.loans + excluded.loans,
    emis = t.emis + excluded.emis, scheduled = t.scheduled + excluded.scheduled, expected = t.expected + excluded.expected,
    principal = t.principal + excluded.principal, interest = t.interest + excluded.interest;
END $$;
--> statement-breakpoint
-- The totals computed afresh from each loan's month money (`emi_month_loan_totals`, which `npm run
-- verify` checks against the EMIs) and its present status and terms. Verify compares the table with
-- it; the rebuild stores it.
CREATE OR REPLACE FUNCTION interest_month_totals_from_rows()
RETURNS TABLE (month date, loan_status text, shard smallint, loans integer, emis integer, scheduled bigint,
  expected bigint, principal bigint, interest bigint) LANGUAGE sql STABLE AS $$
  SELECT m.month, l.status, (l.id % 8)::smallint, count(*)::integer, sum(m.emis)::integer, sum(m.scheduled)::bigint,
    coalesce(sum(round(m.scheduled::numeric * l.interest_amount / nullif(l.total_repayable, 0))), 0)::bigint,
    sum(l.loan_amount)::bigint, sum(l.interest_amount)::bigint
  FROM emi_month_loan_totals m JOIN loans l ON l.id = m.loan_id
  WHERE m.scheduled <> 0 OR m.emis <> 0
  GROUP BY 1, 2, 3
$$;
--> statement-breakpoint
-- A loan's status or terms changed: each of its months leaves under the old ones and returns under the new.
CREATE OR REPLACE FUNCTION interest_month_totals_loan_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE m record;
BEGIN
  -- Months in order, so two loans of one shard changing together take the rows' locks in one order.
  FOR m IN SELECT month, scheduled, emis FROM emi_month_loan_totals
    WHERE loan_id = NEW.id AND (scheduled <> 0 OR emis <> 0) ORDER BY month LOOP
    PERFORM interest_month_totals_apply(m.month, NEW.id, m.scheduled, m.emis, OLD.status, OLD.loan_amount,
      OLD.interest_amount, OLD.total_repayable, -1);
    PERFORM interest_month_totals_apply(m.month, NEW.id, m.scheduled, m.emis, NEW.status, NEW.loan_amount,
      NEW.interest_amount, NEW.total_repayable, 1);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A loan's month money changed: its old part leaves, its new part arrives, in the loan's present terms.
CREATE OR REPLACE FUNCTION interest_month_totals_month_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE l loans%ROWTYPE;
BEGIN
  SELECT * INTO l FROM loans WHERE id = coalesce(NEW.loan_id, OLD.loan_id);
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM interest_month_totals_apply(OLD.month, OLD.loan_id, OLD.scheduled, OLD.emis, l.status, l.loan_amount,
      l.interest_amount, l.total_repayable, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM interest_month_totals_apply(NEW.month, NEW.loan_id, NEW.scheduled, NEW.emis, l.status, l.loan_amount,
      l.interest_amount, l.total_repayable, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_interest_month_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM interest_month_totals;
  INSERT INTO interest_month_totals (month, loan_status, shard, loans, emis, scheduled, expected, principal, interest)
  SELECT * FROM interest_month_totals_from_rows();
END $$;
--> statement-breakpoint
-- Loan months inserted (new loans' schedules): one upsert per month and status for the statement, as
-- interest_month_totals_apply adds each (a few rows every loan moves, thousands of loans at once).
CREATE OR REPLACE FUNCTION interest_month_totals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO interest_month_totals AS t (month, loan_status, shard, loans, emis, scheduled, expected, principal, interest)
  SELECT n.month, l.status, kept_shard(), count(*), sum(n.emis), sum(n.scheduled),
    coalesce(sum(round(n.scheduled::numeric * l.interest_amount / nullif(l.total_repayable, 0))), 0),
    sum(l.loan_amount), sum(l.interest_amount)
  FROM new_months n JOIN loans l ON l.id = n.loan_id
  WHERE n.scheduled <> 0 OR n.emis <> 0
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (month, loan_status, shard) DO UPDATE SET loans = t.loans + excluded.loans,
    emis = t.emis + excluded.emis, scheduled = t.scheduled + excluded.scheduled, expected = t.expected + excluded.expected,
    principal = t.principal + excluded.principal, interest = t.interest + excluded.interest;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS emi_month_loan_totals_interest ON emi_month_loan_totals;
--> statement-breakpoint
CREATE TRIGGER emi_month_loan_totals_interest AFTER DELETE ON emi_month_loan_totals
  FOR EACH ROW EXECUTE FUNCTION interest_month_totals_month_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS emi_month_loan_totals_interest_insert ON emi_month_loan_totals;
--> statement-breakpoint
CREATE TRIGGER emi_month_loan_totals_interest_insert AFTER INSERT ON emi_month_loan_totals
  REFERENCING NEW TABLE AS new_months FOR EACH STATEMENT EXECUTE FUNCTION interest_month_totals_inserted();
--> statement-breakpoint
DROP TRIGGER IF EXISTS emi_month_loan_totals_interest_update ON emi_month_loan_totals;
--> statement-breakpoint
CREATE TRIGGER emi_month_loan_totals_interest_update AFTER UPDATE ON emi_month_loan_totals
  FOR EACH ROW WHEN (OLD.scheduled IS DISTINCT FROM NEW.scheduled OR OLD.emis IS DISTINCT FROM NEW.emis
    OR OLD.month IS DISTINCT FROM NEW.month
    OR OLD.loan_id IS DISTINCT FROM NEW.loan_id)
  EXECUTE FUNCTION interest_month_totals_month_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_interest_month_totals ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_interest_month_totals AFTER UPDATE OF status, loan_amount, interest_amount, total_repayable
  ON loans FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.loan_amount IS DISTINCT FROM NEW.loan_amount
    OR OLD.interest_amount IS DISTINCT FROM NEW.interest_amount OR OLD.total_repayable IS DISTINCT FROM NEW.total_repayable)
  EXECUTE FUNCTION interest_month_totals_loan_change();
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
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION overdue_loan_days_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO overdue_loan_days AS t (oldest_open_emi_date, shard, loans)
  SELECT c.day, c.shard, sum(c.delta) FROM (
    SELECT OLD.oldest_open_emi_date AS day, kept_shard() AS shard, -1 AS delta
    WHERE TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'approved' AND OLD.oldest_open_emi_date IS NOT NULL
    UNION ALL
    SELECT NEW.oldest_open_emi_date, kept_shard(), 1
    WHERE TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'approved' AND NEW.oldest_open_emi_date IS NOT NULL
  ) c
  GROUP BY c.day, c.shard
  ORDER BY c.day, c.shard
  ON CONFLICT (oldest_open_emi_date, shard) DO UPDATE SET loans = t.loans + excluded.loans;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_overdue_loan_days() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM overdue_loan_days;
  INSERT INTO overdue_loan_days (oldest_open_emi_date, shard, loans)
  SELECT oldest_open_emi_date, (id % 8)::smallint, count(*) FROM loans
  WHERE status = 'approved' AND oldest_open_emi_date IS NOT NULL GROUP BY 1, 2;
END $$;
--> statement-breakpoint
-- Loans inserted (approved ones with an oldest open EMI date are rare: it is set once their EMIs are
-- in): one upsert per date for the statement.
CREATE OR REPLACE FUNCTION overdue_loan_days_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO overdue_loan_days AS t (oldest_open_emi_date, shard, loans)
  SELECT n.oldest_open_emi_date, kept_shard(), count(*) FROM new_loans n
  WHERE n.status = 'approved' AND n.oldest_open_emi_date IS NOT NULL
  GROUP BY 1 ORDER BY 1
  ON CONFLICT (oldest_open_emi_date, shard) DO UPDATE SET loans = t.loans + excluded.loans;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_overdue_days_change ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_overdue_days_change AFTER DELETE ON loans
  FOR EACH ROW EXECUTE FUNCTION overdue_loan_days_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_overdue_days_insert ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_overdue_days_insert AFTER INSERT ON loans
  REFERENCING NEW TABLE AS new_loans FOR EACH STATEMENT EXECUTE FUNCTION overdue_loan_days_inserted();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_overdue_days_update ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_overdue_days_update AFTER UPDATE OF status, oldest_open_emi_date ON loans
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.oldest_open_emi_date IS DISTINCT FROM NEW.oldest_open_emi_date)
  EXECUTE FUNCTION overdue_loan_days_change();
--> statement-breakpoint
-- Today's portfolio figures from kept rows (docs/portfolio.md, "How it is computed"): approved loans
-- per agent and oldest unpaid instalment date (portfolio_due_groups), and per business day and agent
-- the instalments dated and the cash instalment money collected (portfolio_agent_days). Kept by
-- triggers in the transaction of each change of a loan or a borrower's agent, and by the projector's
-- fold of `loan-money-totals` for money (its rows in loan_money_totals, the cash collected per day);
-- a change that moves ledger money between agents counts only rows folded so far (a fold locks the
-- loans of its rows first, so it and such a change run one after the other). `rebuild_portfolio_kept()`
-- recomputes both.

-- The date of a loan's oldest unpaid instalment when its instalment money paid is `p_paid`, payments
-- applied to the oldest instalments first; 'infinity' when every instalment is paid.
CREATE OR REPLACE FUNCTION portfolio_due_day(p_start date, p_per_day_emi bigint, p_days integer, p_paid bigint)
RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN greatest(p_paid, 0) / p_per_day_emi < p_days
    THEN p_start + (greatest(p_paid, 0) / p_per_day_emi)::integer ELSE 'infinity'::date END;
$$;
--> statement-breakpoint
-- The last day a lent loan has instalments dated: its end date, or the day a closed or defaulted loan
-- ended when that is earlier (a loan with no money day yet is dated to its end, as the figures read it).
CREATE OR REPLACE FUNCTION portfolio_last_dated(p_status text, p_end date, p_last_money_day date)
RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_status = 'approved' OR p_last_money_day IS NULL THEN p_end
    ELSE least(p_end, p_last_money_day) END;
$$;
--> statement-breakpoint
-- Adds `n` loans and `o` outstanding to the group (a, d); an emptied group is removed.
CREATE OR REPLACE FUNCTION portfolio_due_add(a integer, d date, n integer, o bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  remaining integer;
BEGIN
  UPDATE portfolio_due_groups SET loans = loans + n, outstanding = outstanding + o
  WHERE agent_key = a AND due_day = d RETURNING loans INTO remaining;
  IF NOT FOUND THEN
    INSERT INTO portfolio_due_groups AS g (agent_key, due_day, loans, outstanding) VALUES (a, d, n, o)
    ON CONFLICT (agent_key, due_day) DO UPDATE
      SET loans = g.loans + excluded.loans, outstanding = g.outstanding + excluded.outstanding;
  ELSIF remaining = 0 THEN
    DELETE FROM portfolio_due_groups WHERE agent_key = a AND due_day = d AND loans = 0 AND outstanding = 0;
  END IF;
END $$;
--> statement-breakpoint
-- Moves one loan's place in portfolio_due_groups: out of (a1, d1) when n1 = 1, into (a2, d2) when
-- n2 = 1. A payment that leaves the oldest unpaid date where it was is one update; otherwise the two
-- groups are written in key order, so two payments never wait on each other's rows crosswise.
CREATE OR REPLACE FUNCTION portfolio_due_shift(a1 integer, d1 date, n1 integer, o1 bigint,
  a2 integer, d2 date, n2 integer, o2 bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF n1 = 1 AND n2 = 1 AND a1 = a2 AND d1 = d2 THEN
    IF o1 <> o2 THEN
      UPDATE portfolio_due_groups SET outstanding = outstanding + (o2 - o1) WHERE agent_key = a1 AND due_day = d1;
    END IF;
  ELSIF n1 = 1 AND (n2 = 0 OR (a1, d1) < (a2, d2)) THEN
    PERFORM portfolio_due_add(a1, d1, -1, -o1);
    IF n2 = 1 THEN PERFORM portfolio_due_add(a2, d2, 1, o2); END IF;
  ELSIF n2 = 1 THEN
    PERFORM portfolio_due_add(a2, d2, 1, o2);
    IF n1 = 1 THEN PERFORM portfolio_due_add(a1, d1, -1, -o1); END IF;
  END IF;
END $$;
--> statement-breakpoint
-- Moves one loan's instalments dated in portfolio_agent_days: `e1` off agent a1's days f1..t1, `e2` onto
-- agent a2's days f2..t2; only the days whose sum changes are written, in key order.
CREATE OR REPLACE FUNCTION portfolio_dated_shift(a1 integer, e1 bigint, f1 date, t1 date,
  a2 integer, e2 bigint, f2 date, t2 date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF (a1, e1, f1, t1) IS NOT DISTINCT FROM (a2, e2, f2, t2) THEN RETURN; END IF;
  INSERT INTO portfolio_agent_days AS g (business_date, agent_key, dated, collected)
  SELECT d.day, d.agent_key, sum(d.amount), 0
  FROM (SELECT k::date AS day, a1 AS agent_key, -e1 AS amount FROM generate_series(f1, t1, interval '1 day') k
      WHERE a1 IS NOT NULL
    UNION ALL
    SELECT k::date, a2, e2 FROM generate_series(f2, t2, interval '1 day') k WHERE a2 IS NOT NULL) d
  GROUP BY 1, 2 HAVING sum(d.amount) <> 0 ORDER BY 1, 2
  ON CONFLICT (business_date, agent_key) DO UPDATE SET dated = g.dated + excluded.dated;
END $$;
--> statement-breakpoint
-- A loan inserted, updated or deleted (o or n null): its place in both tables, with its money as kept
-- in loan_money_totals and its customer's agent as it is now.
CREATE OR REPLACE FUNCTION portfolio_loan_moved(o loans, n loans) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t loan_money_totals%ROWTYPE;
  lent1 boolean := coalesce(o.status IN ('approved', 'closed', 'default'), false);
  lent2 boolean := coalesce(n.status IN ('approved', 'closed', 'default'), false);
  a1 integer;
  a2 integer;
  c1 integer;
  c2 integer;
BEGIN
  -- A loan given to a borrower of another agent takes its collections with it, whatever its status.
  IF o.id IS NOT NULL AND n.id IS NOT NULL AND o.customer_id IS DISTINCT FROM n.customer_id THEN
    SELECT coalesce(agent_id, 0) INTO c1 FROM users WHERE id = o.customer_id;
    SELECT coalesce(agent_id, 0) INTO c2 FROM users WHERE id = n.customer_id;
    IF c1 IS DISTINCT FROM c2 THEN
      INSERT INTO portfolio_agent_days AS g (business_date, agent_key, dated, collected)
      SELECT m.day, m.agent_key, 0, sum(m.amount)
      FROM (SELECT ledger_business_day(x.business_date, x.created_at) AS day,
          s.agent_key, s.sign * x.instalment AS amount
        FROM loan_ledger x CROSS JOIN (VALUES (c1, -1), (c2, 1)) s(agent_key, sign)
        WHERE x.loan_id = n.id AND x.kind = 'collected' AND ledger_row_folded('loan-money-totals', x.tx, x.id)) m
      GROUP BY 1, 2 HAVING sum(m.amount) <> 0 ORDER BY 1, 2
      ON CONFLICT (business_date, agent_key) DO UPDATE SET collected = g.collected + excluded.collected;
    END IF;
  END IF;
  IF NOT lent1 AND NOT lent2 THEN RETURN; END IF;
  SELECT * INTO t FROM loan_money_totals WHERE loan_id = coalesce(n.id, o.id);
  IF lent1 THEN SELECT coalesce(agent_id, 0) INTO a1 FROM users WHERE id = o.customer_id; END IF;
  IF lent2 THEN SELECT coalesce(agent_id, 0) INTO a2 FROM users WHERE id = n.customer_id; END IF;
  PERFORM portfolio_due_shift(
    a1, portfolio_due_day(o.start_date, o.per_day_emi, o.total_emi_days, coalesce(t.paid, 0)),
    CASE WHEN o.status = 'approved' THEN 1 ELSE 0 END, greatest(0, o.loan_amount - coalesce(t.principal, 0)),
    a2, portfolio_due_day(n.start_date, n.per_day_emi, n.total_emi_days, coalesce(t.paid, 0)),
    CASE WHEN n.status = 'approved' THEN 1 ELSE 0 END, greatest(0, n.loan_amount - coalesce(t.principal, 0)));
  PERFORM portfolio_dated_shift(
    a1, o.per_day_emi, o.start_date, portfolio_last_dated(o.status, o.end_date, t.last_money_day),
    a2, n.per_day_emi, n.start_date, portfolio_last_dated(n.status, n.end_date, t.last_money_day));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loans_portfolio_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM portfolio_loan_moved(NULL::loans, NEW);
  ELSIF TG_OP = 'UPDATE' THEN PERFORM portfolio_loan_moved(OLD, NEW);
  ELSE PERFORM portfolio_loan_moved(OLD, NULL::loans);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A borrower moved to another agent takes its loans' places and its collections with it (the figures
-- by agent read the agent as it is now).
CREATE OR REPLACE FUNCTION users_agent_portfolio_kept() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  loan loans%ROWTYPE;
  t loan_money_totals%ROWTYPE;
  a1 integer := coalesce(OLD.agent_id, 0);
  a2 integer := coalesce(NEW.agent_id, 0);
  due date;
  last_day date;
BEGIN
  -- The loans are locked as a payment locks them, so a payment in flight commits first and its money
  -- is read here, and one that starts later reads the new agent.
  FOR loan IN SELECT * FROM loans WHERE customer_id = NEW.id AND status IN ('approved', 'closed', 'default')
    ORDER BY id FOR UPDATE
  LOOP
    SELECT * INTO t FROM loan_money_totals WHERE loan_id = loan.id;
    IF loan.status = 'approved' THEN
      due := portfolio_due_day(loan.start_date, loan.per_day_emi, loan.total_emi_days, coalesce(t.paid, 0));
      PERFORM portfolio_due_shift(a1, due, 1, greatest(0, loan.loan_amount - coalesce(t.principal, 0)),
        a2, due, 1, greatest(0, loan.loan_amount - coalesce(t.principal, 0)));
    END IF;
    last_day := portfolio_last_dated(loan.status, loan.end_date, t.last_money_day);
    PERFORM portfolio_dated_shift(a1, loan.per_day_emi, loan.start_date, last_day,
      a2, loan.per_day_emi, loan.start_date, last_day);
  END LOOP;
  INSERT INTO portfolio_agent_days AS g (business_date, agent_key, dated, collected)
  SELECT m.day, m.agent_key, 0, sum(m.amount)
  FROM (SELECT ledger_business_day(x.business_date, x.created_at) AS day,
      s.agent_key, s.sign * x.instalment AS amount
    FROM loan_ledger x JOIN loans l ON l.id = x.loan_id
      CROSS JOIN (VALUES (a1, -1), (a2, 1)) s(agent_key, sign)
    WHERE l.customer_id = NEW.id AND x.kind = 'collected'
      AND ledger_row_folded('loan-money-totals', x.tx, x.id)) m
  GROUP BY 1, 2 HAVING sum(m.amount) <> 0 ORDER BY 1, 2
  ON CONFLICT (business_date, agent_key) DO UPDATE SET collected = g.collected + excluded.collected;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A loan's money moved (the projector folded its ledger rows into loan_money_totals): an approved loan may change its
-- oldest unpaid instalment and its outstanding principal; a closed loan's last money day moves the
-- last day it has instalments dated. One look-up of the loan with its customer and one keyed update
-- (two when the oldest unpaid date moves) per change.
-- `portfolio.rebuilding` is set while rebuild_loan_money_totals() rewrites every total at once.
CREATE OR REPLACE FUNCTION loan_money_totals_portfolio() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  loan record;
  old_paid bigint := 0;
  old_principal bigint := 0;
  old_last date;
BEGIN
  IF current_setting('portfolio.rebuilding', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' THEN
    old_paid := OLD.paid;
    old_principal := OLD.principal;
    old_last := OLD.last_money_day;
  END IF;
  SELECT l.status, l.start_date, l.end_date, l.per_day_emi, l.total_emi_days, l.loan_amount,
    coalesce(c.agent_id, 0) AS agent_key
  INTO loan FROM loans l JOIN users c ON c.id = l.customer_id
  WHERE l.id = NEW.loan_id AND l.status IN ('approved', 'closed', 'default');
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF loan.status = 'approved' THEN
    PERFORM portfolio_due_shift(
      loan.agent_key, portfolio_due_day(loan.start_date, loan.per_day_emi, loan.total_emi_days, old_paid), 1,
      greatest(0, loan.loan_amount - old_principal),
      loan.agent_key, portfolio_due_day(loan.start_date, loan.per_day_emi, loan.total_emi_days, NEW.paid), 1,
      greatest(0, loan.loan_amount - NEW.principal));
  ELSIF old_last IS DISTINCT FROM NEW.last_money_day THEN
    PERFORM portfolio_dated_shift(
      loan.agent_key, loan.per_day_emi, loan.start_date, portfolio_last_dated(loan.status, loan.end_date, old_last),
      loan.agent_key, loan.per_day_emi, loan.start_date,
      portfolio_last_dated(loan.status, loan.end_date, NEW.last_money_day));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_portfolio_kept() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM portfolio_due_groups;
  INSERT INTO portfolio_due_groups (agent_key, due_day, loans, outstanding)
  SELECT agent_key, due_day, loans, outstanding FROM portfolio_due_groups_recomputed;
  DELETE FROM portfolio_agent_days;
  INSERT INTO portfolio_agent_days (business_date, agent_key, dated, collected)
  SELECT business_date, agent_key, dated, collected FROM portfolio_agent_days_recomputed;
END $$;
--> statement-breakpoint
-- Loans inserted: what portfolio_loan_moved(NULL, loan) adds for each, summed over the statement (an
-- import writes hundreds of loans at once; one call each rewrote the same days hundreds of times). A
-- new loan has no money yet: its money totals come after it (its book end at commit, the fold later).
CREATE OR REPLACE FUNCTION loans_portfolio_kept_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO portfolio_due_groups AS g (agent_key, due_day, loans, outstanding)
  SELECT coalesce(c.agent_id, 0), portfolio_due_day(n.start_date, n.per_day_emi, n.total_emi_days, 0), count(*),
    sum(greatest(0, n.loan_amount))
  FROM new_loans n JOIN users c ON c.id = n.customer_id
  WHERE n.status = 'approved'
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (agent_key, due_day) DO UPDATE
    SET loans = g.loans + excluded.loans, outstanding = g.outstanding + excluded.outstanding;
  INSERT INTO portfolio_agent_days AS g (business_date, agent_key, dated, collected)
  SELECT k::date, coalesce(c.agent_id, 0), sum(n.per_day_emi), 0
  FROM new_loans n JOIN users c ON c.id = n.customer_id
    CROSS JOIN LATERAL generate_series(n.start_date, portfolio_last_dated(n.status, n.end_date, NULL),
      interval '1 day') k
  WHERE n.status IN ('approved', 'closed', 'default')
  GROUP BY 1, 2 HAVING sum(n.per_day_emi) <> 0 ORDER BY 1, 2
  ON CONFLICT (business_date, agent_key) DO UPDATE SET dated = g.dated + excluded.dated;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_portfolio_kept ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_portfolio_kept
  AFTER DELETE OR UPDATE OF status, customer_id, start_date, end_date, per_day_emi, total_emi_days, loan_amount
  ON loans FOR EACH ROW EXECUTE FUNCTION loans_portfolio_kept();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_portfolio_kept_insert ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_portfolio_kept_insert AFTER INSERT ON loans
  REFERENCING NEW TABLE AS new_loans FOR EACH STATEMENT EXECUTE FUNCTION loans_portfolio_kept_inserted();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loan_money_totals_portfolio_added ON loan_money_totals;
--> statement-breakpoint
CREATE TRIGGER loan_money_totals_portfolio_added AFTER INSERT ON loan_money_totals
  FOR EACH ROW EXECUTE FUNCTION loan_money_totals_portfolio();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loan_money_totals_portfolio_moved ON loan_money_totals;
--> statement-breakpoint
CREATE TRIGGER loan_money_totals_portfolio_moved AFTER UPDATE OF paid, principal, last_money_day ON loan_money_totals
  FOR EACH ROW WHEN (OLD.paid IS DISTINCT FROM NEW.paid OR OLD.principal IS DISTINCT FROM NEW.principal
    OR OLD.last_money_day IS DISTINCT FROM NEW.last_money_day)
  EXECUTE FUNCTION loan_money_totals_portfolio();
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_agent_portfolio_kept ON users;
--> statement-breakpoint
CREATE TRIGGER users_agent_portfolio_kept AFTER UPDATE OF agent_id ON users
  FOR EACH ROW WHEN (OLD.agent_id IS DISTINCT FROM NEW.agent_id) EXECUTE FUNCTION users_agent_portfolio_kept();
--> statement-breakpoint
-- Both tables recomputed from the loans, their kept money totals (checked against the ledger on
-- their own) and the ledger's cash rows: the rebuild's source and what `npm run verify` compares.
CREATE OR REPLACE VIEW portfolio_due_groups_recomputed AS
  SELECT coalesce(c.agent_id, 0) AS agent_key,
    portfolio_due_day(l.start_date, l.per_day_emi, l.total_emi_days, coalesce(t.paid, 0)) AS due_day,
    count(*)::integer AS loans, sum(greatest(0, l.loan_amount - coalesce(t.principal, 0)))::bigint AS outstanding
  FROM loans l JOIN users c ON c.id = l.customer_id LEFT JOIN loan_money_totals t ON t.loan_id = l.id
  WHERE l.status = 'approved'
  GROUP BY 1, 2;
--> statement-breakpoint
-- Instalments dated per agent and day as steps (+EMI on a loan's first day, −EMI after its last),
-- summed along the days, so the work grows with the loans and the days, not their product.
CREATE OR REPLACE VIEW portfolio_agent_days_recomputed AS
  WITH lent AS (
    SELECT coalesce(c.agent_id, 0) AS agent_key, l.per_day_emi AS emi, l.start_date AS first_day,
      portfolio_last_dated(l.status, l.end_date, t.last_money_day) AS last_day
    FROM loans l JOIN users c ON c.id = l.customer_id LEFT JOIN loan_money_totals t ON t.loan_id = l.id
    WHERE l.status IN ('approved', 'closed', 'default')),
  steps AS (
    SELECT s.agent_key, s.day, sum(s.amount) AS amount
    FROM (SELECT agent_key, first_day AS day, emi AS amount FROM lent WHERE first_day <= last_day
      UNION ALL
      SELECT agent_key, last_day + 1, -emi FROM lent WHERE first_day <= last_day) s
    GROUP BY 1, 2),
  levels AS (
    SELECT agent_key, day, sum(amount) OVER w AS level, lead(day) OVER w AS next_day
    FROM steps WINDOW w AS (PARTITION BY agent_key ORDER BY day)),
  dated AS (
    SELECT k::date AS business_date, v.agent_key, v.level AS dated
    FROM levels v CROSS JOIN LATERAL generate_series(v.day, v.next_day - 1, interval '1 day') k
    WHERE v.level <> 0),
  collected AS (
    SELECT ledger_business_day(g.business_date, g.created_at) AS business_date,
      coalesce(c.agent_id, 0) AS agent_key, sum(g.instalment) AS collected
    FROM loan_ledger g JOIN loans l ON l.id = g.loan_id JOIN users c ON c.id = l.customer_id
    WHERE g.kind = 'collected' AND ledger_row_folded('loan-money-totals', g.tx, g.id)
    GROUP BY 1, 2)
  SELECT coalesce(d.business_date, k.business_date) AS business_date, coalesce(d.agent_key, k.agent_key) AS agent_key,
    coalesce(d.dated, 0)::bigint AS dated, coalesce(k.collected, 0)::bigint AS collected
  FROM dated d FULL JOIN collected k ON k.business_date = d.business_date AND k.agent_key = d.agent_key;
