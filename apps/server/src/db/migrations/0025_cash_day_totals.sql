-- Cash custody (docs/cash.md): each collector's cash rows summed per business day, mode and kind,
-- kept by a trigger in the transaction of every ledger row, whichever code path writes it.

-- Cash rows are `collected` and `refund` rows of a real mode (credit applied moves no cash) that name
-- their collector; rows written before the ledger named its collector have none and stay out.
CREATE OR REPLACE FUNCTION cash_day_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  day date;
BEGIN
  IF NEW.kind NOT IN ('collected', 'refund') OR NEW.actor_id IS NULL OR NEW.payment_mode IS NULL
    OR NEW.payment_mode = 'credit' THEN
    RETURN NULL;
  END IF;
  day := coalesce(NEW.business_date, ((NEW.created_at AT TIME ZONE 'UTC') + interval '330 minutes')::date);
  -- The last guard of a closed day: the services refuse first with a clear answer (CASH_DAY_CLOSED).
  IF EXISTS (SELECT 1 FROM cash_day_closes c WHERE c.collector_id = NEW.actor_id AND c.business_date = day) THEN
    RAISE EXCEPTION 'cash day % of collector % is closed', day, NEW.actor_id;
  END IF;
  INSERT INTO cash_day_totals AS t (collector_id, business_date, payment_mode, kind, amount, row_count)
  VALUES (NEW.actor_id, day, NEW.payment_mode, NEW.kind, NEW.amount, 1)
  ON CONFLICT (collector_id, business_date, payment_mode, kind) DO UPDATE SET
    amount = t.amount + excluded.amount,
    row_count = t.row_count + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loan_ledger_cash_day_totals AFTER INSERT ON loan_ledger
  FOR EACH ROW EXECUTE FUNCTION cash_day_totals_add();
--> statement-breakpoint

-- Recomputes the totals from the rows (this migration's backfill; also after a bulk load made with
-- triggers off, as the bench seeder's copies are).
CREATE OR REPLACE FUNCTION rebuild_cash_day_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM cash_day_totals;
  INSERT INTO cash_day_totals (collector_id, business_date, payment_mode, kind, amount, row_count)
  SELECT g.actor_id,
    coalesce(g.business_date, ((g.created_at AT TIME ZONE 'UTC') + interval '330 minutes')::date),
    g.payment_mode, g.kind, sum(g.amount), count(*)
  FROM loan_ledger g
  WHERE g.kind IN ('collected', 'refund') AND g.actor_id IS NOT NULL AND g.payment_mode IS NOT NULL
    AND g.payment_mode <> 'credit'
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
SELECT rebuild_cash_day_totals();
