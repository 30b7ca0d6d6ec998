-- Counts and sums kept for the lists' totals (docs/decisions.md, "Lists' totals at 100,000 loans"), each
-- kept by triggers in the transaction of every change of the rows it counts, whichever code path makes it.

-- The users list's total: users per role.
CREATE OR REPLACE FUNCTION user_role_counts_bump(p_role integer, p_sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO user_role_counts AS t (role_id, users) VALUES (p_role, p_sign)
  ON CONFLICT (role_id) DO UPDATE SET users = t.users + excluded.users;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_role_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM user_role_counts_bump(OLD.role_id, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM user_role_counts_bump(NEW.role_id, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_role_counts_change AFTER INSERT OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION user_role_counts_change();
--> statement-breakpoint
CREATE TRIGGER users_role_counts_update AFTER UPDATE OF role_id ON users
  FOR EACH ROW WHEN (OLD.role_id IS DISTINCT FROM NEW.role_id) EXECUTE FUNCTION user_role_counts_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_user_role_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_role_counts;
  INSERT INTO user_role_counts (role_id, users) SELECT role_id, count(*) FROM users GROUP BY role_id;
END $$;
--> statement-breakpoint
SELECT rebuild_user_role_counts();
--> statement-breakpoint

-- The agent dashboard's overdue loans over every customer: approved loans per date of their oldest open
-- EMI. A loan whose date moves takes one day's count down and another's up, in date order, so two
-- payments never take the same two rows in opposite orders.
CREATE OR REPLACE FUNCTION overdue_loan_days_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO overdue_loan_days AS t (oldest_open_emi_date, shard, loans)
  SELECT c.day, c.shard, sum(c.delta) FROM (
    SELECT OLD.oldest_open_emi_date AS day, (OLD.id % 8)::smallint AS shard, -1 AS delta
    WHERE TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'approved' AND OLD.oldest_open_emi_date IS NOT NULL
    UNION ALL
    SELECT NEW.oldest_open_emi_date, (NEW.id % 8)::smallint, 1
    WHERE TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'approved' AND NEW.oldest_open_emi_date IS NOT NULL
  ) c
  GROUP BY c.day, c.shard
  ORDER BY c.day, c.shard
  ON CONFLICT (oldest_open_emi_date, shard) DO UPDATE SET loans = t.loans + excluded.loans;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loans_overdue_days_change AFTER INSERT OR DELETE ON loans
  FOR EACH ROW EXECUTE FUNCTION overdue_loan_days_change();
--> statement-breakpoint
CREATE TRIGGER loans_overdue_days_update AFTER UPDATE OF status, oldest_open_emi_date ON loans
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.oldest_open_emi_date IS DISTINCT FROM NEW.oldest_open_emi_date)
  EXECUTE FUNCTION overdue_loan_days_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_overdue_loan_days() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM overdue_loan_days;
  INSERT INTO overdue_loan_days (oldest_open_emi_date, shard, loans)
  SELECT oldest_open_emi_date, (id % 8)::smallint, count(*) FROM loans
  WHERE status = 'approved' AND oldest_open_emi_date IS NOT NULL GROUP BY 1, 2;
END $$;
--> statement-breakpoint
SELECT rebuild_overdue_loan_days();
--> statement-breakpoint

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
CREATE TRIGGER collection_records_day_totals_insert AFTER INSERT ON collection_records
  REFERENCING NEW TABLE AS new_records FOR EACH STATEMENT EXECUTE FUNCTION collection_day_totals_change();
--> statement-breakpoint
CREATE TRIGGER collection_records_day_totals_update AFTER UPDATE ON collection_records
  REFERENCING OLD TABLE AS old_records NEW TABLE AS new_records
  FOR EACH STATEMENT EXECUTE FUNCTION collection_day_totals_change();
--> statement-breakpoint
CREATE TRIGGER collection_records_day_totals_delete AFTER DELETE ON collection_records
  REFERENCING OLD TABLE AS old_records FOR EACH STATEMENT EXECUTE FUNCTION collection_day_totals_change();
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
SELECT rebuild_collection_day_totals();
--> statement-breakpoint

-- The report's distinct customers are read from an index alone only where the visibility map says the
-- records' pages need no visit; vacuuming after every 20,000 new records (not 20% of the table, weeks of
-- records) keeps all but the newest of a day's records so.
ALTER TABLE collection_records SET (autovacuum_vacuum_insert_threshold = 20000, autovacuum_vacuum_insert_scale_factor = 0);
