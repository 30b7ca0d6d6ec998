-- Kept figures that every payment moves (day totals, EMI states, bounced EMIs, expected interest,
-- overdue loans per day) were split into 8 shards by loan id, and the loans per status not at all.
-- Concurrent payments of different loans still met on one row and waited for each other's commit,
-- or deadlocked when a closing loan moved many rows. A change now lands in the shard of the database
-- connection that makes it: a connection runs one transaction at a time, so two transactions only
-- meet on a row when their connections' process ids fall in the same of 64 shards. Every reader sums
-- the shards of a key, so where a count was added and where it is taken away need not be one row.
CREATE OR REPLACE FUNCTION kept_shard() RETURNS smallint LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (pg_backend_pid() % 64)::smallint
$$;
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
CREATE OR REPLACE FUNCTION ledger_day_totals_add()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO ledger_day_totals AS t (business_date, kind, shard, amount, instalment, penalty, interest_share, row_count)
  VALUES (
    coalesce(NEW.business_date, ((NEW.created_at AT TIME ZONE 'UTC') + interval '330 minutes')::date),
    NEW.kind, kept_shard(), NEW.amount, NEW.instalment, NEW.penalty,
    coalesce(NEW.interest_share, CASE WHEN NEW.kind IN ('collected', 'refund') THEN (
      SELECT round(NEW.instalment::numeric * l.interest_amount / nullif(l.total_repayable, 0))::bigint
      FROM loans l WHERE l.id = NEW.loan_id) END, 0), 1)
  ON CONFLICT (business_date, kind, shard) DO UPDATE SET
    amount = t.amount + excluded.amount,
    instalment = t.instalment + excluded.instalment,
    penalty = t.penalty + excluded.penalty,
    interest_share = t.interest_share + excluded.interest_share,
    row_count = t.row_count + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION emi_day_totals_bump(p_date date, p_loan integer, p_sign integer, p_status text, p_dues_with integer, p_emi_number integer, p_owed bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  is_open boolean := p_status = 'pending' OR (p_status = 'bounced' AND p_dues_with = p_emi_number);
  is_due boolean := p_status <> 'foreclosed';
BEGIN
  IF NOT is_open AND NOT is_due THEN RETURN; END IF;
  INSERT INTO emi_day_totals AS t (emi_date, shard, open_count, open_amount, due_count)
  VALUES (p_date, kept_shard(),
    CASE WHEN is_open THEN p_sign ELSE 0 END,
    CASE WHEN is_open THEN p_sign * p_owed ELSE 0 END,
    CASE WHEN is_due THEN p_sign ELSE 0 END)
  ON CONFLICT (emi_date, shard) DO UPDATE SET
    open_count = t.open_count + excluded.open_count,
    open_amount = t.open_amount + excluded.open_amount,
    due_count = t.due_count + excluded.due_count;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loan_status_day_totals()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  sign integer;
BEGIN
  IF OLD.status = NEW.status OR (OLD.status <> 'approved' AND NEW.status <> 'approved') THEN RETURN NULL; END IF;
  sign := CASE WHEN NEW.status = 'approved' THEN 1 ELSE -1 END;
  INSERT INTO emi_day_totals AS t (emi_date, shard, open_count, open_amount, due_count)
  SELECT e.emi_date, kept_shard(),
    sign * count(*) FILTER (WHERE e.status = 'pending' OR (e.status = 'bounced' AND e.dues_with = e.emi_number)),
    sign * coalesce(sum(e.amount + e.late_charge)
      FILTER (WHERE e.status = 'pending' OR (e.status = 'bounced' AND e.dues_with = e.emi_number)), 0),
    sign * count(*) FILTER (WHERE e.status <> 'foreclosed')
  FROM emis e WHERE e.loan_id = NEW.id GROUP BY e.emi_date
  ON CONFLICT (emi_date, shard) DO UPDATE SET
    open_count = t.open_count + excluded.open_count,
    open_amount = t.open_amount + excluded.open_amount,
    due_count = t.due_count + excluded.due_count;
  RETURN NULL;
END $$;
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
CREATE OR REPLACE FUNCTION loan_status_totals_bump(p_status text, p_sign integer, p_amount bigint)
 RETURNS void
 LANGUAGE sql
AS $$
  INSERT INTO loan_status_totals AS t (status, shard, loans, amount)
  VALUES (p_status, kept_shard(), p_sign, p_sign * p_amount)
  ON CONFLICT (status, shard) DO UPDATE SET loans = t.loans + excluded.loans, amount = t.amount + excluded.amount;
$$;
