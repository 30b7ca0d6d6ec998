-- The portfolio's maintained figures (docs/portfolio.md, "How it is computed"): each loan's money to
-- date, folded in by the projector from the ledger after commit (past the watermark of
-- `loan-money-totals`), and the stored closed days, deleted by any change that would make them differ
-- from the ledger.

-- A ledger row's part in its loan's totals. Rows older than the interest-share column take it in the
-- ratio of the loan's terms, as the figures always did (a change of terms refreshes the loan below).
-- Money paid before the cut-over (`opening`, a loan taken over from another book) is paid and recovers
-- principal like cash collected: the loan owes that much less, though it is no day's cash.
CREATE OR REPLACE FUNCTION loan_money_paid_part(p_kind text, p_instalment bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_kind = 'credit' THEN -p_instalment
    WHEN p_kind IN ('collected', 'credit_applied', 'opening') THEN p_instalment ELSE 0 END::bigint;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loan_money_principal_part(p_kind text, p_instalment bigint, p_share bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_kind IN ('collected', 'opening') THEN p_instalment - p_share
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
      WHERE b.kind IN ('collected', 'credit_applied', 'credit', 'refund', 'written_off', 'waived', 'opening')),
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
      max(m.day) FILTER (WHERE m.kind IN ('collected', 'credit_applied', 'written_off', 'waived', 'opening'))
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
-- A lent loan re-termed or moved to another customer changes the stored days from its first day; new
-- terms also change the interest share of its rows written without one. A holiday added to or taken off
-- its schedule moves its instalments from that day on only (the days before it are dated and overdue
-- as they were), so a holiday declared ahead forgets no stored day.
CREATE OR REPLACE FUNCTION loan_portfolio_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.interest_amount <> NEW.interest_amount OR OLD.total_repayable <> NEW.total_repayable THEN
    PERFORM loan_money_refresh(NEW.id);
  END IF;
  IF NOT (OLD.status IN ('approved', 'closed', 'default') OR NEW.status IN ('approved', 'closed', 'default')) THEN
    RETURN NULL;
  END IF;
  IF OLD.start_date <> NEW.start_date OR OLD.cut_over_date IS DISTINCT FROM NEW.cut_over_date
      OR OLD.per_day_emi <> NEW.per_day_emi
      OR OLD.total_emi_days <> NEW.total_emi_days OR OLD.loan_amount <> NEW.loan_amount
      OR OLD.interest_amount <> NEW.interest_amount OR OLD.total_repayable <> NEW.total_repayable
      OR OLD.customer_id <> NEW.customer_id OR OLD.off_days <> NEW.off_days THEN
    DELETE FROM portfolio_days WHERE business_date >= least(portfolio_first_day(OLD.start_date, OLD.cut_over_date),
      portfolio_first_day(NEW.start_date, NEW.cut_over_date));
  ELSIF OLD.skipped_days IS DISTINCT FROM NEW.skipped_days THEN
    DELETE FROM portfolio_days WHERE business_date >= (SELECT min(h) FROM (
      (SELECT unnest(OLD.skipped_days) EXCEPT SELECT unnest(NEW.skipped_days))
      UNION ALL (SELECT unnest(NEW.skipped_days) EXCEPT SELECT unnest(OLD.skipped_days))) x(h));
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
-- The day a loan leaves the book: in it on the days from its first day (`portfolio_first_day`) to the
-- day before this one. 'infinity' while approved; a closed or defaulted loan's last money day; null
-- when it is in no day's book (not lent, or closed on or before its first day).
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
-- Never JIT-compiled: within a transaction that wrote millions of ledger rows (a book moved in) the
-- planner, without statistics for them yet, prices the one loan's index read above the JIT threshold,
-- and compiling it again at each of a hundred thousand calls took minutes of the COMMIT.
CREATE OR REPLACE FUNCTION portfolio_book_end_check(p_loan integer) RETURNS void LANGUAGE plpgsql
SET jit = off AS $$
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
  -- An approved loan is in the book whatever its last money day: the common case (a payment's fold)
  -- needs no look at its ledger.
  IF loan.status = 'approved' AND has_row AND stored = 'infinity'::date THEN RETURN; END IF;
  -- The loan's money rows the projector has not folded in yet (the closing payment's own, for one)
  -- count too: judged without them, a closed loan would seem to have left the book on an earlier day.
  last_day := greatest(last_day, (SELECT max(ledger_business_day(g.business_date, g.created_at))
    FROM loan_ledger g
    WHERE g.loan_id = p_loan AND g.kind IN ('collected', 'credit_applied', 'written_off', 'waived', 'opening')
      AND g.tx IS NOT NULL AND (g.tx, g.id) > (
        (SELECT w.through_tx FROM kept_projections w WHERE w.figure = 'loan-money-totals'),
        (SELECT w.through_id FROM kept_projections w WHERE w.figure = 'loan-money-totals'))));
  now_end := portfolio_book_end(loan.status, portfolio_first_day(loan.start_date, loan.cut_over_date), last_day);
  IF stored IS NOT DISTINCT FROM now_end AND (has_row OR now_end IS NULL) THEN RETURN; END IF;
  IF stored IS DISTINCT FROM now_end THEN
    DELETE FROM portfolio_days WHERE business_date >= CASE WHEN stored IS NULL OR now_end IS NULL
      THEN portfolio_first_day(loan.start_date, loan.cut_over_date) ELSE least(stored, now_end) END;
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
  UPDATE loan_money_totals t
  SET book_end = portfolio_book_end(l.status, portfolio_first_day(l.start_date, l.cut_over_date), t.last_money_day)
  FROM loans l WHERE l.id = t.loan_id;
  DELETE FROM portfolio_days;
  PERFORM set_config('portfolio.rebuilding', 'off', true);
  PERFORM rebuild_portfolio_kept();
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_book_end ON loans;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER loans_book_end AFTER INSERT OR UPDATE OF status, cut_over_date ON loans
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
  AFTER UPDATE OF start_date, cut_over_date, per_day_emi, total_emi_days, loan_amount, interest_amount,
    total_repayable, customer_id, off_days, skipped_days ON loans
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
      FILTER (WHERE g.kind IN ('collected', 'credit_applied', 'written_off', 'waived', 'opening')) AS last_money_day
  FROM loan_ledger g JOIN loans l ON l.id = g.loan_id
  WHERE g.kind IN ('collected', 'credit_applied', 'credit', 'refund', 'written_off', 'waived', 'opening')
    AND ledger_row_folded('loan-money-totals', g.tx, g.id)
  GROUP BY g.loan_id;
