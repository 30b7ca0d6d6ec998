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
-- moves the overdue counts by their triggers on the loan's row. The outbox is read by its (tx, id)
-- index, never scanned whole: it is nearly always empty, so its statistics say so, while a book being
-- moved in puts millions of uncommitted rows in it (see `ledger_fold_batch`).
CREATE OR REPLACE FUNCTION emi_day_totals_fold(p_after_tx xid8, p_after_id bigint, p_before xid8, p_max integer)
RETURNS TABLE (through_tx xid8, through_id bigint, folded integer) LANGUAGE plpgsql
SET enable_seqscan = off AS $$
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
