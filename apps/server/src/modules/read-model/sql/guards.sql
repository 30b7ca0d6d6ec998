-- A collector's business day still open for collections, asked under the collector's lock, in one
-- round trip: the shared lock first (a day close takes it exclusively), then the closed-day look-up.
-- In a VOLATILE function each query takes its own snapshot, so the look-up sees a close that
-- committed while this waited for the lock.
CREATE OR REPLACE FUNCTION cash_day_open(collector bigint, day date) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('cash:' || collector, 0));
  RETURN NOT EXISTS (
    SELECT 1 FROM cash_day_closes c WHERE c.collector_id = collector AND c.business_date = day);
END
$$;
--> statement-breakpoint
-- The money ledger is append-only: corrections are new reversal rows, never edits.
CREATE OR REPLACE FUNCTION "loan_ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'loan_ledger is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS loan_ledger_append_only ON loan_ledger;
--> statement-breakpoint
CREATE TRIGGER "loan_ledger_append_only" BEFORE UPDATE OR DELETE ON "loan_ledger"
  FOR EACH ROW EXECUTE FUNCTION "loan_ledger_refuse_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loan_ledger_no_truncate ON loan_ledger;
--> statement-breakpoint
CREATE TRIGGER "loan_ledger_no_truncate" BEFORE TRUNCATE ON "loan_ledger"
  FOR EACH STATEMENT EXECUTE FUNCTION "loan_ledger_refuse_change"();
