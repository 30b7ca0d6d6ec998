-- The money ledger is append-only (DESIGN §6): corrections are new reversal rows, never edits.
CREATE FUNCTION "loan_ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'loan_ledger is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "loan_ledger_append_only" BEFORE UPDATE OR DELETE ON "loan_ledger"
  FOR EACH ROW EXECUTE FUNCTION "loan_ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "loan_ledger_no_truncate" BEFORE TRUNCATE ON "loan_ledger"
  FOR EACH STATEMENT EXECUTE FUNCTION "loan_ledger_refuse_change"();
