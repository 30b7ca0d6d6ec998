-- The last guard of a closed cash day (0025_cash_day_totals) now refuses with its own SQLSTATE, LC001,
-- which the API answers as 409 CASH_DAY_CLOSED (platform/errors.ts) should a path ever skip the
-- services' own check; a plain exception would have been a 500.
CREATE OR REPLACE FUNCTION cash_day_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  day date;
BEGIN
  IF NEW.kind NOT IN ('collected', 'refund') OR NEW.actor_id IS NULL OR NEW.payment_mode IS NULL
    OR NEW.payment_mode = 'credit' THEN
    RETURN NULL;
  END IF;
  day := coalesce(NEW.business_date, ((NEW.created_at AT TIME ZONE 'UTC') + interval '330 minutes')::date);
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
