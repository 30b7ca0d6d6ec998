-- Produced by `npm run db:kept` from the read model's current SQL; change those files, not this one:
--   apps/server/src/modules/read-model/sql/loan-money-totals.sql
--   apps/server/src/modules/read-model/sql/portfolio-kept.sql
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
--> statement-breakpoint
-- Today's portfolio figures from kept rows (docs/portfolio.md, "How it is computed"): approved loans
-- per agent and oldest unpaid instalment date (portfolio_due_groups), and per business day and agent
-- the instalments dated and the cash instalment money collected (portfolio_agent_days). Kept by
-- triggers in the transaction of each change of a loan or a borrower's agent, and by the projector's
-- fold of `loan-money-totals` for money (its rows in loan_money_totals, the cash collected per day);
-- a change that moves ledger money between agents counts only rows folded so far (a fold locks the
-- loans of its rows first, so it and such a change run one after the other). `rebuild_portfolio_kept()`
-- recomputes both.

-- How many of a loan's instalments are dated by the end of `p_day` before its tenure caps them: its
-- collection days from its start (`calendar_days_upto`). A loan collected every day, nearly every loan,
-- is counted without its calendar: this is inlined into queries over every loan and every day, and
-- calendar_days_upto, which is not, cost a call per row.
CREATE OR REPLACE FUNCTION portfolio_days_dated(p_start date, p_off_days integer, p_skipped date[], p_day date)
RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_off_days = 0 AND cardinality(p_skipped) = 0 THEN greatest(0, p_day - p_start + 1)
    ELSE calendar_days_upto(p_start, p_off_days, p_skipped, p_day) END;
$$;
--> statement-breakpoint
-- The date of a loan's instalment `p_n` (`calendar_emi_day`), without the call for a loan collected
-- every day, as above.
CREATE OR REPLACE FUNCTION portfolio_emi_day(p_start date, p_off_days integer, p_skipped date[], p_n integer)
RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_off_days = 0 AND cardinality(p_skipped) = 0 THEN p_start + p_n - 1
    ELSE calendar_emi_day(p_start, p_off_days, p_skipped, p_n) END;
$$;
--> statement-breakpoint
-- The days from `p_from` to `p_to` a loan collects on, the days its instalments are dated. The calendar
-- is looked at once per loan, not once per day, so thousands of loans collected every day (a book
-- moved in) walk their days as fast as without one.
CREATE OR REPLACE FUNCTION portfolio_collection_days(p_from date, p_to date, p_off_days integer, p_skipped date[])
RETURNS SETOF date LANGUAGE sql IMMUTABLE AS $$
  SELECT p_from + i FROM generate_series(0, p_to - p_from) i
  WHERE p_off_days = 0 AND cardinality(p_skipped) = 0
  UNION ALL
  SELECT p_from + i FROM generate_series(0, p_to - p_from) i
  WHERE NOT (p_off_days = 0 AND cardinality(p_skipped) = 0) AND calendar_collects(p_from + i, p_off_days, p_skipped);
$$;
--> statement-breakpoint
-- The date of a loan's oldest unpaid instalment when its instalment money paid is `p_paid`, payments
-- applied to the oldest instalments first: instalment ⌊paid ÷ EMI⌋ + 1 on its collection calendar;
-- 'infinity' when every instalment is paid (or the loan is none: a row before insert or after delete).
CREATE OR REPLACE FUNCTION portfolio_due_day(p_start date, p_off_days integer, p_skipped date[],
  p_per_day_emi bigint, p_days integer, p_paid bigint)
RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN greatest(p_paid, 0) / p_per_day_emi < p_days
    THEN portfolio_emi_day(p_start, p_off_days, p_skipped, (greatest(p_paid, 0) / p_per_day_emi)::integer + 1)
    ELSE 'infinity'::date END;
$$;
--> statement-breakpoint
-- The last day a lent loan has instalments dated: its end date, or the day a closed or defaulted loan
-- ended when that is earlier (a loan with no money day yet is dated to its end, as the figures read it).
-- A loan taken over that ended by its cut-over day was settled in the other book: the day before its
-- cut-over, so that it has no day dated in this one.
CREATE OR REPLACE FUNCTION portfolio_last_dated_day(p_status text, p_end date, p_last_money_day date,
  p_cut_over date)
RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_status = 'approved' OR p_last_money_day IS NULL THEN p_end
    WHEN p_last_money_day <= p_cut_over THEN p_cut_over - 1
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
-- Moves one loan's instalments dated in portfolio_agent_days: `e1` off agent a1's collection days
-- (calendar o1, s1: off-days and skipped holidays) f1..t1, `e2` onto agent a2's f2..t2 (calendar o2, s2);
-- only the days whose sum changes are written, in key order: a holiday moved onto a loan writes the
-- holiday and the day its schedule now ends.
CREATE OR REPLACE FUNCTION portfolio_dated_shift(a1 integer, e1 bigint, f1 date, t1 date, o1 integer, s1 date[],
  a2 integer, e2 bigint, f2 date, t2 date, o2 integer, s2 date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF (a1, e1, f1, t1, o1, s1) IS NOT DISTINCT FROM (a2, e2, f2, t2, o2, s2) THEN RETURN; END IF;
  INSERT INTO portfolio_agent_days AS g (business_date, agent_key, dated, collected)
  SELECT d.day, d.agent_key, sum(d.amount), 0
  FROM (SELECT k AS day, a1 AS agent_key, -e1 AS amount FROM portfolio_collection_days(f1, t1, o1, s1) k
      WHERE a1 IS NOT NULL
    UNION ALL
    SELECT k, a2, e2 FROM portfolio_collection_days(f2, t2, o2, s2) k WHERE a2 IS NOT NULL) d
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
    a1, portfolio_due_day(o.start_date, o.off_days, o.skipped_days, o.per_day_emi, o.total_emi_days,
      coalesce(t.paid, 0)),
    CASE WHEN o.status = 'approved' THEN 1 ELSE 0 END, greatest(0, o.loan_amount - coalesce(t.principal, 0)),
    a2, portfolio_due_day(n.start_date, n.off_days, n.skipped_days, n.per_day_emi, n.total_emi_days,
      coalesce(t.paid, 0)),
    CASE WHEN n.status = 'approved' THEN 1 ELSE 0 END, greatest(0, n.loan_amount - coalesce(t.principal, 0)));
  PERFORM portfolio_dated_shift(
    a1, o.per_day_emi, portfolio_first_day(o.start_date, o.cut_over_date),
    portfolio_last_dated_day(o.status, o.end_date, t.last_money_day, o.cut_over_date), o.off_days, o.skipped_days,
    a2, n.per_day_emi, portfolio_first_day(n.start_date, n.cut_over_date),
    portfolio_last_dated_day(n.status, n.end_date, t.last_money_day, n.cut_over_date), n.off_days, n.skipped_days);
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
      due := portfolio_due_day(loan.start_date, loan.off_days, loan.skipped_days, loan.per_day_emi,
        loan.total_emi_days, coalesce(t.paid, 0));
      PERFORM portfolio_due_shift(a1, due, 1, greatest(0, loan.loan_amount - coalesce(t.principal, 0)),
        a2, due, 1, greatest(0, loan.loan_amount - coalesce(t.principal, 0)));
    END IF;
    last_day := portfolio_last_dated_day(loan.status, loan.end_date, t.last_money_day, loan.cut_over_date);
    PERFORM portfolio_dated_shift(
      a1, loan.per_day_emi, portfolio_first_day(loan.start_date, loan.cut_over_date), last_day, loan.off_days,
      loan.skipped_days,
      a2, loan.per_day_emi, portfolio_first_day(loan.start_date, loan.cut_over_date), last_day, loan.off_days,
      loan.skipped_days);
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
  SELECT l.status, l.start_date, portfolio_first_day(l.start_date, l.cut_over_date) AS first_day,
    l.cut_over_date AS cut_over, l.end_date, l.off_days, l.skipped_days,
    l.per_day_emi, l.total_emi_days, l.loan_amount, coalesce(c.agent_id, 0) AS agent_key
  INTO loan FROM loans l JOIN users c ON c.id = l.customer_id
  WHERE l.id = NEW.loan_id AND l.status IN ('approved', 'closed', 'default');
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF loan.status = 'approved' THEN
    PERFORM portfolio_due_shift(
      loan.agent_key, portfolio_due_day(loan.start_date, loan.off_days, loan.skipped_days, loan.per_day_emi,
        loan.total_emi_days, old_paid), 1,
      greatest(0, loan.loan_amount - old_principal),
      loan.agent_key, portfolio_due_day(loan.start_date, loan.off_days, loan.skipped_days, loan.per_day_emi,
        loan.total_emi_days, NEW.paid), 1,
      greatest(0, loan.loan_amount - NEW.principal));
  ELSIF old_last IS DISTINCT FROM NEW.last_money_day THEN
    PERFORM portfolio_dated_shift(
      loan.agent_key, loan.per_day_emi, loan.first_day,
      portfolio_last_dated_day(loan.status, loan.end_date, old_last, loan.cut_over), loan.off_days, loan.skipped_days,
      loan.agent_key, loan.per_day_emi, loan.first_day,
      portfolio_last_dated_day(loan.status, loan.end_date, NEW.last_money_day, loan.cut_over), loan.off_days,
      loan.skipped_days);
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
  SELECT coalesce(c.agent_id, 0),
    portfolio_due_day(n.start_date, n.off_days, n.skipped_days, n.per_day_emi, n.total_emi_days, 0), count(*),
    sum(greatest(0, n.loan_amount))
  FROM new_loans n JOIN users c ON c.id = n.customer_id
  WHERE n.status = 'approved'
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (agent_key, due_day) DO UPDATE
    SET loans = g.loans + excluded.loans, outstanding = g.outstanding + excluded.outstanding;
  INSERT INTO portfolio_agent_days AS g (business_date, agent_key, dated, collected)
  SELECT k, coalesce(c.agent_id, 0), sum(n.per_day_emi), 0
  FROM new_loans n JOIN users c ON c.id = n.customer_id
    CROSS JOIN LATERAL portfolio_collection_days(portfolio_first_day(n.start_date, n.cut_over_date),
      portfolio_last_dated_day(n.status, n.end_date, NULL, NULL), n.off_days, n.skipped_days) k
  WHERE n.status IN ('approved', 'closed', 'default')
  GROUP BY 1, 2 HAVING sum(n.per_day_emi) <> 0 ORDER BY 1, 2
  ON CONFLICT (business_date, agent_key) DO UPDATE SET dated = g.dated + excluded.dated;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_portfolio_kept ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_portfolio_kept
  AFTER DELETE OR UPDATE OF status, customer_id, start_date, cut_over_date, end_date, per_day_emi, total_emi_days,
    loan_amount, off_days, skipped_days
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
    portfolio_due_day(l.start_date, l.off_days, l.skipped_days, l.per_day_emi, l.total_emi_days,
      coalesce(t.paid, 0)) AS due_day,
    count(*)::integer AS loans, sum(greatest(0, l.loan_amount - coalesce(t.principal, 0)))::bigint AS outstanding
  FROM loans l JOIN users c ON c.id = l.customer_id LEFT JOIN loan_money_totals t ON t.loan_id = l.id
  WHERE l.status = 'approved'
  GROUP BY 1, 2;
--> statement-breakpoint
-- Instalments dated per agent and day as steps (+EMI on a loan's first day, −EMI after its last),
-- summed along the days, so the work grows with the loans and the days, not their product. A loan with
-- a calendar then takes its EMI back on each of its days off (weekly off-days, skipped holidays): only
-- those loans have their days walked.
CREATE OR REPLACE VIEW portfolio_agent_days_recomputed AS
  WITH lent AS (
    SELECT coalesce(c.agent_id, 0) AS agent_key, l.per_day_emi AS emi, l.off_days, l.skipped_days,
      portfolio_first_day(l.start_date, l.cut_over_date) AS first_day,
      portfolio_last_dated_day(l.status, l.end_date, t.last_money_day, l.cut_over_date) AS last_day
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
  days_off AS (
    SELECT v.agent_key, v.first_day + i AS day, -v.emi AS amount
    FROM lent v CROSS JOIN LATERAL generate_series(0, v.last_day - v.first_day) i
    WHERE (v.off_days <> 0 OR cardinality(v.skipped_days) <> 0)
      AND NOT calendar_collects(v.first_day + i, v.off_days, v.skipped_days)),
  dated AS (
    SELECT d.business_date, d.agent_key, sum(d.amount) AS dated
    FROM (SELECT k::date AS business_date, v.agent_key, v.level AS amount
        FROM levels v CROSS JOIN LATERAL generate_series(v.day, v.next_day - 1, interval '1 day') k
        WHERE v.level <> 0
      UNION ALL
      SELECT day, agent_key, amount FROM days_off) d
    GROUP BY 1, 2 HAVING sum(d.amount) <> 0),
  collected AS (
    SELECT ledger_business_day(g.business_date, g.created_at) AS business_date,
      coalesce(c.agent_id, 0) AS agent_key, sum(g.instalment) AS collected
    FROM loan_ledger g JOIN loans l ON l.id = g.loan_id JOIN users c ON c.id = l.customer_id
    WHERE g.kind = 'collected' AND ledger_row_folded('loan-money-totals', g.tx, g.id)
    GROUP BY 1, 2)
  SELECT coalesce(d.business_date, k.business_date) AS business_date, coalesce(d.agent_key, k.agent_key) AS agent_key,
    coalesce(d.dated, 0)::bigint AS dated, coalesce(k.collected, 0)::bigint AS collected
  FROM dated d FULL JOIN collected k ON k.business_date = d.business_date AND k.agent_key = d.agent_key;
--> statement-breakpoint
DROP FUNCTION IF EXISTS portfolio_dated_shift(a1 integer, e1 bigint, f1 date, t1 date, a2 integer, e2 bigint, f2 date, t2 date);
--> statement-breakpoint
DROP FUNCTION IF EXISTS portfolio_due_day(p_start date, p_per_day_emi bigint, p_days integer, p_paid bigint);
