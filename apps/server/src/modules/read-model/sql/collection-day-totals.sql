-- The collections report's grand totals and daily summary: its records summed per day, collector, source,
-- status and record type. Statement triggers over the changed rows (transition tables), so a rebuild of
-- millions of records adds them up in one pass, and a payment's one record in one small statement.
CREATE OR REPLACE FUNCTION collection_day_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO collection_day_totals AS t (day, collector_id, src, status, record_type, records, amount,
      instalment, charges, interest_share)
    SELECT day, collector_id, src, status, record_type, -count(*), -sum(amount), -coalesce(sum(instalment), 0),
      -coalesce(sum(charges), 0), -coalesce(sum(interest_share), 0)
    FROM old_records GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, collector_id, src, status, record_type) DO UPDATE SET
      records = t.records + excluded.records, amount = t.amount + excluded.amount,
      instalment = t.instalment + excluded.instalment, charges = t.charges + excluded.charges,
      interest_share = t.interest_share + excluded.interest_share;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO collection_day_totals AS t (day, collector_id, src, status, record_type, records, amount,
      instalment, charges, interest_share)
    SELECT day, collector_id, src, status, record_type, count(*), sum(amount), coalesce(sum(instalment), 0),
      coalesce(sum(charges), 0), coalesce(sum(interest_share), 0)
    FROM new_records GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, collector_id, src, status, record_type) DO UPDATE SET
      records = t.records + excluded.records, amount = t.amount + excluded.amount,
      instalment = t.instalment + excluded.instalment, charges = t.charges + excluded.charges,
      interest_share = t.interest_share + excluded.interest_share;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_collection_day_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM collection_day_totals;
  INSERT INTO collection_day_totals (day, collector_id, src, status, record_type, records, amount, instalment,
    charges, interest_share)
  SELECT day, collector_id, src, status, record_type, count(*), sum(amount), coalesce(sum(instalment), 0),
    coalesce(sum(charges), 0), coalesce(sum(interest_share), 0)
  FROM collection_records GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS collection_records_day_totals_insert ON collection_records;
--> statement-breakpoint
CREATE TRIGGER collection_records_day_totals_insert AFTER INSERT ON collection_records
  REFERENCING NEW TABLE AS new_records FOR EACH STATEMENT EXECUTE FUNCTION collection_day_totals_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS collection_records_day_totals_update ON collection_records;
--> statement-breakpoint
CREATE TRIGGER collection_records_day_totals_update AFTER UPDATE ON collection_records
  REFERENCING OLD TABLE AS old_records NEW TABLE AS new_records
  FOR EACH STATEMENT EXECUTE FUNCTION collection_day_totals_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS collection_records_day_totals_delete ON collection_records;
--> statement-breakpoint
CREATE TRIGGER collection_records_day_totals_delete AFTER DELETE ON collection_records
  REFERENCING OLD TABLE AS old_records FOR EACH STATEMENT EXECUTE FUNCTION collection_day_totals_change();
