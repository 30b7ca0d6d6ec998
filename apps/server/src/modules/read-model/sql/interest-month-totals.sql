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
