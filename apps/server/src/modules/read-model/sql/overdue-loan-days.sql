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
