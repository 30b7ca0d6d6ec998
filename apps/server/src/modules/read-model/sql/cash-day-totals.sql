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
