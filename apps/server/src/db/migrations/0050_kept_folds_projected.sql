-- Produced by `npm run db:kept` from the read model's current SQL; change those files, not this one:
--   apps/server/src/modules/read-model/sql/shared.sql
--   apps/server/src/modules/read-model/sql/collection-records.sql
--   apps/server/src/modules/read-model/sql/emi-day-totals.sql
--   apps/server/src/modules/read-model/sql/ledger-day-totals.sql
--   apps/server/src/modules/read-model/sql/list-totals.sql
--   apps/server/src/modules/read-model/sql/loan-money-totals.sql
--   apps/server/src/modules/read-model/sql/portfolio-kept.sql
-- The shard a kept row of this connection's changes lands in. Kept figures that every payment moves
-- (day totals, EMI states, bounced EMIs, expected interest, overdue loans per day, loans per status)
-- would otherwise meet on one row per key, and concurrent payments of different loans would wait for
-- each other's commit or deadlock. A connection runs one transaction at a time, so two transactions
-- only meet on a row when their connections' process ids fall in the same of 64 shards. Every reader
-- sums the shards of a key, so where a count was added and where it is taken away need not be one row.
CREATE OR REPLACE FUNCTION kept_shard() RETURNS smallint LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (pg_backend_pid() % 64)::smallint
$$;
--> statement-breakpoint
-- The business day of a moment: its calendar date in India (UTC+05:30, no daylight saving). Written
-- as a fixed offset so that it is IMMUTABLE: the planner inlines it, and an index may use it.
CREATE OR REPLACE FUNCTION business_day(moment timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((moment AT TIME ZONE 'UTC') + interval '330 minutes')::date
$$;
--> statement-breakpoint
-- The business day of a ledger row: the day it was booked on, or, for a row written before rows
-- carried one, the business day of the moment it was written. Every figure and reader that dates a
-- ledger row uses this, so no two places can date one row differently.
CREATE OR REPLACE FUNCTION ledger_business_day(booked_on date, written_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(booked_on, business_day(written_at))
$$;
--> statement-breakpoint
-- Whether a ledger row is in a projected figure: written before rows carried their transaction, or
-- at or before the figure's watermark (the projector folds rows in the order their transactions
-- finished, so the watermark splits the ledger into rows in and rows still to come).
CREATE OR REPLACE FUNCTION ledger_row_folded(p_figure text, p_tx xid8, p_id bigint) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT p_tx IS NULL OR EXISTS (SELECT 1 FROM kept_projections w
    WHERE w.figure = p_figure AND (p_tx, p_id) <= (w.through_tx, w.through_id))
$$;
--> statement-breakpoint
-- Waits for a projected figure's projector lock, held until the caller's transaction ends: a rebuild
-- takes it first, so no fold runs between its moving the watermark and its commit (the fold would add
-- rows the rebuild counted), and so does a reader that brings the figure up to date before reading.
CREATE OR REPLACE FUNCTION kept_projection_lock(p_figure text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('kept:' || p_figure, 0))
$$;
--> statement-breakpoint
-- The next batch of a projector's fold over the ledger: the ids of the rows after (p_after_tx,
-- p_after_id), at most p_max, among those whose transactions all finished before p_before, in commit
-- order, with the last of them and how many. With p_lock_loans their loans are then locked FOR SHARE,
-- in id order, so a
-- fold that reads a loan (its customer, agent, terms) waits for a change of that loan in flight, and a
-- change that starts later waits for the fold: figures that a loan's change recomputes and a fold adds
-- to then never miss or count a row twice.
CREATE OR REPLACE FUNCTION ledger_fold_batch(p_after_tx xid8, p_after_id bigint, p_before xid8, p_max integer,
  p_lock_loans boolean DEFAULT true)
RETURNS TABLE (ids bigint[], through_tx xid8, through_id bigint, folded integer) LANGUAGE plpgsql AS $$
DECLARE
  batch_ids bigint[];
  last_tx xid8;
  last_id bigint;
BEGIN
  SELECT array_agg(b.id ORDER BY b.tx, b.id) INTO batch_ids
  FROM (SELECT g.id, g.tx FROM loan_ledger g
    WHERE g.tx IS NOT NULL AND (g.tx, g.id) > (p_after_tx, p_after_id) AND g.tx < p_before
    ORDER BY g.tx, g.id LIMIT p_max) b;
  IF batch_ids IS NULL THEN
    RETURN QUERY SELECT ARRAY[]::bigint[], NULL::xid8, NULL::bigint, 0;
    RETURN;
  END IF;
  SELECT g.tx, g.id INTO last_tx, last_id FROM loan_ledger g WHERE g.id = batch_ids[cardinality(batch_ids)];
  IF p_lock_loans THEN
    PERFORM 1 FROM loans l
    WHERE l.id IN (SELECT g.loan_id FROM loan_ledger g WHERE g.id = ANY (batch_ids))
    ORDER BY l.id FOR SHARE;
  END IF;
  RETURN QUERY SELECT batch_ids, last_tx, last_id, cardinality(batch_ids);
END $$;
--> statement-breakpoint
-- The Agent Collections report's records (docs/dashboard.md, docs/decisions.md), one row per record. Records
-- of ledger cash rows are folded in by the projector after commit, in commit order, past the watermark of
-- `collection-records`; bounces and payments without ledger rows are kept in the writing transaction. The report's rules, as its
-- query had them: a payment's cash rows make one record (src 1), a foreclosure's one per audit row (src 2),
-- a refund of credit held one per audit row, negative (src 3); each on its own business day by its
-- collector, a row written before the ledger named its day taking its payment's IST day. A payment with no
-- ledger row at all (recorded before the ledger named payments) counts from its payment record while its
-- EMI stands and it is not credit (src 4); a bounce is one record on its own day (src 5); cash a phone
-- collected that met a conflict and was kept as the loan's credit held one per audit row (src 6). Each record
-- carries its loan's customer (moved along when a loan's customer changes) and, for src 1-3 and 6, its rows'
-- instalment money, charges and interest share. A row without a stored share takes it in its loan's terms,
-- exactly as the ledger's day totals do, so the report and the dashboard's figures agree to the paisa.

-- A ledger row's interest share: the one fixed on the row, else its instalment money in its loan's terms.
CREATE OR REPLACE FUNCTION collection_share_of(r_share bigint, r_instalment bigint, r_loan integer)
RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(r_share, (
    SELECT round(r_instalment::numeric * l.interest_amount / nullif(l.total_repayable, 0))::bigint
    FROM loans l WHERE l.id = r_loan), 0);
$$;
--> statement-breakpoint
-- Every record computed from the rows, as they are kept: ledger rows up to the projector's watermark
-- (what `npm run verify` compares).
CREATE OR REPLACE FUNCTION collection_records_from_rows() RETURNS SETOF collection_records
LANGUAGE sql STABLE AS $$
  SELECT x.src::smallint, x.group_key::bigint, x.day, x.collector_id, x.loan_id, l.customer_id,
    x.record_id::bigint, x.at, x.status::text, x.record_type::text, x.emi_number, x.payment_mode,
    x.amount::bigint, x.instalment::bigint, x.charges::bigint, x.interest_share::bigint, x.collected_at
  FROM (
    WITH cash AS (
      SELECT g.id, g.kind, g.cause, g.loan_id, g.actor_id, g.payment_id, g.audit_id, g.payment_mode, g.amount,
        g.instalment, g.penalty, collection_share_of(g.interest_share, g.instalment, g.loan_id) AS share,
        g.created_at, g.business_date AS day
      FROM loan_ledger g
      WHERE g.kind IN ('collected', 'refund') AND g.business_date IS NOT NULL AND g.actor_id IS NOT NULL
        AND ledger_row_folded('collection-records', g.tx, g.id)
      UNION ALL
      SELECT g.id, g.kind, g.cause, g.loan_id, g.actor_id, g.payment_id, g.audit_id, g.payment_mode, g.amount,
        g.instalment, g.penalty, collection_share_of(g.interest_share, g.instalment, g.loan_id),
        g.created_at, business_day(p.paid_at)
      FROM loan_ledger g JOIN emi_payments p ON p.id = g.payment_id
      WHERE g.kind = 'collected' AND g.business_date IS NULL AND g.actor_id IS NOT NULL
        AND ledger_row_folded('collection-records', g.tx, g.id)
    )
    SELECT 1, c.payment_id, c.day, c.actor_id, c.loan_id, min(c.id), min(c.created_at), 'paid', 'emi',
      p.emi_number, min(c.payment_mode), sum(c.amount), sum(c.instalment), sum(c.penalty), sum(c.share),
      min(p.collected_at)
    FROM cash c JOIN emi_payments p ON p.id = c.payment_id
    WHERE c.kind = 'collected'
    GROUP BY c.payment_id, c.day, c.actor_id, c.loan_id, p.emi_number
    UNION ALL
    SELECT 2, c.audit_id, c.day, c.actor_id, c.loan_id, min(c.id), min(c.created_at), 'paid', 'foreclosure',
      NULL, min(c.payment_mode), sum(c.amount), sum(c.instalment), sum(c.penalty), sum(c.share), NULL
    FROM cash c
    WHERE c.kind = 'collected' AND c.cause = 'foreclosure' AND c.audit_id IS NOT NULL
    GROUP BY c.audit_id, c.day, c.actor_id, c.loan_id
    UNION ALL
    SELECT 3, coalesce(c.audit_id, 0), c.day, c.actor_id, c.loan_id, min(c.id), min(c.created_at), 'paid',
      'refund', NULL, min(c.payment_mode), -sum(c.amount), -sum(c.amount), 0, -sum(c.share), NULL
    FROM cash c
    WHERE c.kind = 'refund'
    GROUP BY c.audit_id, c.day, c.actor_id, c.loan_id
    UNION ALL
    SELECT 6, coalesce(c.audit_id, 0), c.day, c.actor_id, c.loan_id, min(c.id), min(c.created_at), 'paid',
      'credit_held', NULL, min(c.payment_mode), sum(c.amount), sum(c.instalment), sum(c.penalty), sum(c.share),
      (SELECT (a.metadata->>'collected_at')::timestamptz FROM audit_logs a WHERE a.id = c.audit_id)
    FROM cash c
    WHERE c.kind = 'collected' AND c.cause = 'held_cash'
    GROUP BY c.audit_id, c.day, c.actor_id, c.loan_id
    UNION ALL
    SELECT 4, p.id, business_day(p.paid_at), p.collected_by, p.loan_id,
      p.id, p.paid_at, 'paid', 'emi', p.emi_number, p.payment_mode, p.amount, NULL, NULL, NULL, p.collected_at
    FROM emi_payments p
    WHERE p.emi_id IS NOT NULL AND p.payment_mode <> 'credit'
      AND NOT EXISTS (SELECT 1 FROM loan_ledger g WHERE g.payment_id = p.id)
    UNION ALL
    SELECT 5, b.id, b.bounced_on, b.bounced_by, b.loan_id, b.id, b.bounced_at, 'bounced', 'emi', b.emi_number,
      NULL, b.emi_amount, NULL, NULL, NULL, NULL
    FROM emi_bounces b
  ) AS x (src, group_key, day, collector_id, loan_id, record_id, at, status, record_type, emi_number,
    payment_mode, amount, instalment, charges, interest_share, collected_at)
  JOIN loans l ON l.id = x.loan_id;
$$;
--> statement-breakpoint
-- One payment's records (src 1 and 4) computed anew from its ledger rows folded so far and its record:
-- after a change to the payment itself (its EMI gone in a schedule rewrite, its collection time, ...).
-- Its rows after the watermark are added by the projector later; a fold running meanwhile adds to the
-- record this writes once this commits (its upsert waits for the row), and each statement here reads
-- the watermark anew, so no row is missed or counted twice.
CREATE OR REPLACE FUNCTION refresh_collection_payment(pid bigint) RETURNS void LANGUAGE sql AS $$
  DELETE FROM collection_records WHERE src IN (1, 4) AND group_key = pid;
  INSERT INTO collection_records (src, group_key, day, collector_id, loan_id, customer_id, record_id, at,
    status, record_type, emi_number, payment_mode, amount, instalment, charges, interest_share, collected_at)
  SELECT x.src, x.group_key, x.day, x.collector_id, x.loan_id, l.customer_id, x.record_id, x.at, 'paid', 'emi',
    x.emi_number, x.payment_mode, x.amount, x.instalment, x.charges, x.interest_share, x.collected_at
  FROM (
    SELECT 1, g.payment_id, c.day, g.actor_id, g.loan_id, min(g.id), min(g.created_at), p.emi_number,
      min(g.payment_mode), sum(g.amount), sum(g.instalment), sum(g.penalty),
      sum(collection_share_of(g.interest_share, g.instalment, g.loan_id)), min(p.collected_at)
    FROM loan_ledger g
    JOIN emi_payments p ON p.id = g.payment_id
    CROSS JOIN LATERAL (SELECT ledger_business_day(g.business_date, p.paid_at) AS day) c
    WHERE g.payment_id = pid AND g.kind = 'collected' AND g.actor_id IS NOT NULL
      AND ledger_row_folded('collection-records', g.tx, g.id)
    GROUP BY g.payment_id, c.day, g.actor_id, g.loan_id, p.emi_number
    UNION ALL
    SELECT 4, p.id, business_day(p.paid_at), p.collected_by, p.loan_id,
      p.id, p.paid_at, p.emi_number, p.payment_mode, p.amount, NULL::bigint, NULL::bigint, NULL::numeric,
      p.collected_at
    FROM emi_payments p
    WHERE p.id = pid AND p.emi_id IS NOT NULL AND p.payment_mode <> 'credit'
      AND NOT EXISTS (SELECT 1 FROM loan_ledger g WHERE g.payment_id = p.id)
  ) AS x (src, group_key, day, collector_id, loan_id, record_id, at, emi_number, payment_mode, amount,
    instalment, charges, interest_share, collected_at)
  JOIN loans l ON l.id = x.loan_id;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION collection_records_bounce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO collection_records (src, group_key, day, collector_id, loan_id, customer_id, record_id, at,
    status, record_type, emi_number, payment_mode, amount, collected_at)
  SELECT 5, NEW.id, NEW.bounced_on, NEW.bounced_by, NEW.loan_id, l.customer_id, NEW.id, NEW.bounced_at,
    'bounced', 'emi', NEW.emi_number, NULL, NEW.emi_amount, NULL
  FROM loans l WHERE l.id = NEW.loan_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One fold of the projector (the rules above): the next ledger rows after (p_after_tx, p_after_id), at
-- most p_max, among those whose transactions all finished before p_before. Their records are added up
-- per record in one upsert (a record's moment and id are its first row's, its mode the least, its money
-- the sums: the ledger is append-only, so a record only ever grows), and a payment that now has ledger
-- rows loses its record made from its payment record. Answers the last row folded and how many.
CREATE OR REPLACE FUNCTION collection_records_fold(p_after_tx xid8, p_after_id bigint, p_before xid8, p_max integer)
RETURNS TABLE (through_tx xid8, through_id bigint, folded integer) LANGUAGE plpgsql AS $$
DECLARE
  fold record;
BEGIN
  SELECT * INTO fold FROM ledger_fold_batch(p_after_tx, p_after_id, p_before, p_max);
  IF fold.folded > 0 THEN
    WITH batch AS (
      SELECT g.id, g.tx, g.kind, g.cause, g.loan_id, g.actor_id, g.payment_id, g.audit_id, g.payment_mode,
        g.amount, g.instalment, g.penalty, g.interest_share, g.created_at, g.business_date
      FROM loan_ledger g WHERE g.id = ANY (fold.ids)),
    -- A payment with a ledger row is read from its rows, never from its payment record.
    read_from_rows AS (
      DELETE FROM collection_records r
      WHERE r.src = 4 AND r.group_key IN (SELECT b.payment_id FROM batch b WHERE b.payment_id IS NOT NULL)),
    cash AS (
      SELECT b.id, b.kind, b.cause, b.loan_id, b.actor_id, b.payment_id, b.audit_id, b.payment_mode, b.amount,
        b.instalment, b.penalty, collection_share_of(b.interest_share, b.instalment, b.loan_id) AS share,
        b.created_at, coalesce(b.business_date, business_day(p.paid_at)) AS day, p.id AS paid_id,
        p.emi_number, p.collected_at
      FROM batch b LEFT JOIN emi_payments p ON p.id = b.payment_id
      WHERE b.kind IN ('collected', 'refund') AND b.actor_id IS NOT NULL
        AND (b.business_date IS NOT NULL OR (b.kind = 'collected' AND p.id IS NOT NULL))),
    records AS (
      SELECT 1::smallint AS src, c.payment_id AS group_key, c.day, c.actor_id, c.loan_id, min(c.id) AS record_id,
        min(c.created_at) AS at, 'emi' AS record_type, c.emi_number, min(c.payment_mode) AS payment_mode,
        sum(c.amount) AS amount, sum(c.instalment) AS instalment, sum(c.penalty) AS charges,
        sum(c.share) AS share, min(c.collected_at) AS collected_at
      FROM cash c WHERE c.kind = 'collected' AND c.paid_id IS NOT NULL
      GROUP BY c.payment_id, c.day, c.actor_id, c.loan_id, c.emi_number
      UNION ALL
      SELECT 2::smallint, c.audit_id, c.day, c.actor_id, c.loan_id, min(c.id), min(c.created_at), 'foreclosure',
        NULL, min(c.payment_mode), sum(c.amount), sum(c.instalment), sum(c.penalty), sum(c.share), NULL
      FROM cash c WHERE c.kind = 'collected' AND c.cause = 'foreclosure' AND c.audit_id IS NOT NULL
      GROUP BY c.audit_id, c.day, c.actor_id, c.loan_id
      UNION ALL
      -- Cash kept as credit held: its phone's time of collection is in its audit row.
      SELECT 6::smallint, coalesce(c.audit_id, 0), c.day, c.actor_id, c.loan_id, min(c.id), min(c.created_at),
        'credit_held', NULL, min(c.payment_mode), sum(c.amount), sum(c.instalment), sum(c.penalty), sum(c.share),
        min((SELECT (a.metadata->>'collected_at')::timestamptz FROM audit_logs a WHERE a.id = c.audit_id))
      FROM cash c WHERE c.kind = 'collected' AND c.cause = 'held_cash'
      GROUP BY coalesce(c.audit_id, 0), c.day, c.actor_id, c.loan_id
      UNION ALL
      -- Refunds without an audit row make one record per day, collector and loan (key 0: ids start at 1).
      -- A refund is cash out: its amount is its instalment money, negative, with no charges.
      SELECT 3::smallint, coalesce(c.audit_id, 0), c.day, c.actor_id, c.loan_id, min(c.id), min(c.created_at),
        'refund', NULL, min(c.payment_mode), -sum(c.amount), -sum(c.amount), 0, -sum(c.share), NULL
      FROM cash c WHERE c.kind = 'refund'
      GROUP BY coalesce(c.audit_id, 0), c.day, c.actor_id, c.loan_id)
    INSERT INTO collection_records AS r (src, group_key, day, collector_id, loan_id, customer_id, record_id, at,
      status, record_type, emi_number, payment_mode, amount, instalment, charges, interest_share, collected_at)
    SELECT x.src, x.group_key, x.day, x.actor_id, x.loan_id, l.customer_id, x.record_id, x.at, 'paid',
      x.record_type, x.emi_number, x.payment_mode, x.amount, x.instalment, x.charges, x.share, x.collected_at
    FROM records x JOIN loans l ON l.id = x.loan_id
    ON CONFLICT (src, group_key, day, collector_id, loan_id) DO UPDATE SET
      record_id = least(r.record_id, excluded.record_id),
      at = least(r.at, excluded.at),
      payment_mode = least(r.payment_mode, excluded.payment_mode),
      amount = r.amount + excluded.amount,
      instalment = r.instalment + excluded.instalment,
      charges = r.charges + excluded.charges,
      interest_share = r.interest_share + excluded.interest_share,
      collected_at = least(r.collected_at, excluded.collected_at);
  END IF;
  RETURN QUERY SELECT fold.through_tx, fold.through_id, fold.folded;
END $$;
--> statement-breakpoint
-- A loan handed to another customer takes its records along (a fold locks the loans of its rows
-- first, so it reads the customer this change leaves).
CREATE OR REPLACE FUNCTION collection_records_loan_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE collection_records SET customer_id = NEW.customer_id WHERE loan_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION collection_records_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_collection_payment(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION collection_records_payment_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM loan_ledger g WHERE g.payment_id = NEW.id) THEN
    PERFORM refresh_collection_payment(NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The table computed anew (after a bulk load made with triggers off, as the bench seeder's copies are,
-- or to repair it) from every ledger row whose transaction finished before this one's snapshot: the
-- watermark moves to that horizon first, so the defining query counts exactly those rows.
CREATE OR REPLACE FUNCTION rebuild_collection_records() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kept_projection_lock('collection-records');
  INSERT INTO kept_projections AS k (figure, through_tx, through_id, as_of)
  VALUES ('collection-records', pg_snapshot_xmin(pg_current_snapshot()), 0, statement_timestamp())
  ON CONFLICT (figure) DO UPDATE SET through_tx = excluded.through_tx, through_id = 0, as_of = excluded.as_of;
  DELETE FROM collection_records;
  INSERT INTO collection_records
  SELECT * FROM collection_records_from_rows() r
  -- In day order, as records written day by day lie: a day's records are then read from few pages.
  ORDER BY r.day, r.at;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS emi_bounces_collection_records ON emi_bounces;
--> statement-breakpoint
CREATE TRIGGER emi_bounces_collection_records AFTER INSERT ON emi_bounces
  FOR EACH ROW EXECUTE FUNCTION collection_records_bounce();
--> statement-breakpoint
-- At commit, when the payment's ledger rows (if any) are in: a payment needs its own record only when it
-- has none, so the check costs one index probe and writes nothing for a payment made today.
DROP TRIGGER IF EXISTS emi_payments_collection_records ON emi_payments;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER emi_payments_collection_records AFTER INSERT ON emi_payments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.emi_id IS NOT NULL AND NEW.payment_mode <> 'credit')
  EXECUTE FUNCTION collection_records_payment_added();
--> statement-breakpoint
DROP TRIGGER IF EXISTS emi_payments_collection_records_change ON emi_payments;
--> statement-breakpoint
CREATE TRIGGER emi_payments_collection_records_change AFTER UPDATE ON emi_payments
  FOR EACH ROW WHEN (
    OLD.emi_id IS DISTINCT FROM NEW.emi_id OR OLD.payment_mode IS DISTINCT FROM NEW.payment_mode
    OR OLD.paid_at IS DISTINCT FROM NEW.paid_at OR OLD.collected_by IS DISTINCT FROM NEW.collected_by
    OR OLD.amount IS DISTINCT FROM NEW.amount OR OLD.emi_number IS DISTINCT FROM NEW.emi_number
    OR OLD.loan_id IS DISTINCT FROM NEW.loan_id OR OLD.collected_at IS DISTINCT FROM NEW.collected_at)
  EXECUTE FUNCTION collection_records_payment();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_collection_records_customer ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_collection_records_customer AFTER UPDATE OF customer_id ON loans
  FOR EACH ROW WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id)
  EXECUTE FUNCTION collection_records_loan_customer();
--> statement-breakpoint
-- The approved loans' EMIs per date (emi_day_totals), and the outbox of EMI changes that feeds it and
-- the lists' EMI states (emi_state_totals, list-totals.sql). A change of what an EMI of an approved
-- loan counts (its date, status, money, dues) writes one row to emi_changes in its own transaction,
-- nothing more; the projector folds those rows in after commit, in commit order, past the watermark of
-- `emi-day-totals`, and deletes them. So the kept rows are always the EMIs "as folded": the EMIs as they
-- are, less the changes still in the outbox. A change of a loan that moves all its EMIs at once (its
-- status, its agent) moves them as folded (loan_emi_states_folded), and the fold applies what is left
-- with the loan as it then stands.

-- One row per change of what an EMI of an approved loan counts: before and after (null for a new or a
-- deleted EMI). EMIs of loans not approved count nowhere: the loan's approval brings them in as they are.
CREATE OR REPLACE FUNCTION emi_changes_capture() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.loan_id <> NEW.loan_id THEN
    -- An EMI moved to another loan: leaves one loan and enters the other.
    INSERT INTO emi_changes (loan_id, old_emi_date, old_status, old_open, old_amount, old_late_charge)
    SELECT OLD.loan_id, OLD.emi_date, OLD.status,
      OLD.status = 'pending' OR (OLD.status = 'bounced' AND OLD.dues_with IS NOT DISTINCT FROM OLD.emi_number), OLD.amount, OLD.late_charge
    FROM loans l WHERE l.id = OLD.loan_id AND l.status = 'approved';
    INSERT INTO emi_changes (loan_id, new_emi_date, new_status, new_open, new_amount, new_late_charge)
    SELECT NEW.loan_id, NEW.emi_date, NEW.status,
      NEW.status = 'pending' OR (NEW.status = 'bounced' AND NEW.dues_with IS NOT DISTINCT FROM NEW.emi_number), NEW.amount, NEW.late_charge
    FROM loans l WHERE l.id = NEW.loan_id AND l.status = 'approved';
    RETURN NULL;
  END IF;
  INSERT INTO emi_changes (loan_id, old_emi_date, old_status, old_open, old_amount, old_late_charge,
    new_emi_date, new_status, new_open, new_amount, new_late_charge)
  SELECT l.id,
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.emi_date END, CASE WHEN TG_OP <> 'INSERT' THEN OLD.status END,
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.status = 'pending' OR (OLD.status = 'bounced' AND OLD.dues_with IS NOT DISTINCT FROM OLD.emi_number) END,
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.amount END, CASE WHEN TG_OP <> 'INSERT' THEN OLD.late_charge END,
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.emi_date END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.status END,
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.status = 'pending' OR (NEW.status = 'bounced' AND NEW.dues_with IS NOT DISTINCT FROM NEW.emi_number) END,
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.amount END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.late_charge END
  FROM loans l
  WHERE l.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.loan_id ELSE NEW.loan_id END AND l.status = 'approved';
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The changes still in the outbox as the fold will apply them to the loans as they stand now: the
-- before side taken away, the after side added, for approved loans only (npm run verify adds them to
-- the kept rows to compare with the EMIs; a rebuild takes them off, since the fold will bring them).
CREATE OR REPLACE VIEW emi_changes_pending AS
  SELECT s.loan_id, coalesce(l.agent_id, 0) AS agent_id, s.sign, s.emi_date, s.status, s.open, s.amount,
    s.late_charge
  FROM (
    SELECT c.loan_id, -1 AS sign, c.old_emi_date AS emi_date, c.old_status AS status, c.old_open AS open,
      c.old_amount AS amount, c.old_late_charge AS late_charge
    FROM emi_changes c WHERE c.old_status IS NOT NULL
    UNION ALL
    SELECT c.loan_id, 1, c.new_emi_date, c.new_status, c.new_open, c.new_amount, c.new_late_charge
    FROM emi_changes c WHERE c.new_status IS NOT NULL) s
  JOIN loans l ON l.id = s.loan_id AND l.status = 'approved';
--> statement-breakpoint
-- One loan's EMIs as folded, as signed rows: the EMIs as they are (+1), less the after side of its
-- changes still in the outbox (-1), plus their before side (+1). What the kept rows hold of the loan.
CREATE OR REPLACE FUNCTION loan_emi_states_folded(p_loan integer)
RETURNS TABLE (emi_date date, status text, open boolean, amount bigint, late_charge bigint, sign integer)
LANGUAGE sql STABLE AS $$
  SELECT e.emi_date, e.status, e.status = 'pending' OR (e.status = 'bounced' AND e.dues_with IS NOT DISTINCT FROM e.emi_number),
    e.amount, e.late_charge, 1
  FROM emis e WHERE e.loan_id = p_loan
  UNION ALL
  SELECT c.new_emi_date, c.new_status, c.new_open, c.new_amount, c.new_late_charge, -1
  FROM emi_changes c WHERE c.loan_id = p_loan AND c.new_status IS NOT NULL
  UNION ALL
  SELECT c.old_emi_date, c.old_status, c.old_open, c.old_amount, c.old_late_charge, 1
  FROM emi_changes c WHERE c.loan_id = p_loan AND c.old_status IS NOT NULL
$$;
--> statement-breakpoint
-- One fold of the projector: the next outbox rows after (p_after_tx, p_after_id), at most p_max, among
-- those whose transactions all finished before p_before, in commit order. Their loans are locked FOR
-- SHARE first (in id order), so a change of a loan's status or agent in flight commits before the fold
-- reads it, and one that starts later waits for the fold. The rows are deleted and their changes added,
-- for loans approved now, to the EMI day totals and the lists' EMI states, a key in one upsert each.
CREATE OR REPLACE FUNCTION emi_day_totals_fold(p_after_tx xid8, p_after_id bigint, p_before xid8, p_max integer)
RETURNS TABLE (through_tx xid8, through_id bigint, folded integer) LANGUAGE plpgsql AS $$
DECLARE
  batch_ids bigint[];
  last_tx xid8;
  last_id bigint;
BEGIN
  SELECT array_agg(b.id ORDER BY b.tx, b.id) INTO batch_ids
  FROM (SELECT c.id, c.tx FROM emi_changes c
    WHERE (c.tx, c.id) > (p_after_tx, p_after_id) AND c.tx < p_before
    ORDER BY c.tx, c.id LIMIT p_max) b;
  IF batch_ids IS NULL THEN
    RETURN QUERY SELECT NULL::xid8, NULL::bigint, 0;
    RETURN;
  END IF;
  SELECT c.tx, c.id INTO last_tx, last_id FROM emi_changes c WHERE c.id = batch_ids[cardinality(batch_ids)];
  PERFORM 1 FROM loans l
  WHERE l.id IN (SELECT c.loan_id FROM emi_changes c WHERE c.id = ANY (batch_ids))
  ORDER BY l.id FOR SHARE;
  WITH taken AS (
    DELETE FROM emi_changes c WHERE c.id = ANY (batch_ids) RETURNING c.*),
  sides AS (
    SELECT t.loan_id, -1 AS sign, t.old_emi_date AS emi_date, t.old_status AS status, t.old_open AS open,
      t.old_amount AS amount, t.old_late_charge AS late_charge
    FROM taken t WHERE t.old_status IS NOT NULL
    UNION ALL
    SELECT t.loan_id, 1, t.new_emi_date, t.new_status, t.new_open, t.new_amount, t.new_late_charge
    FROM taken t WHERE t.new_status IS NOT NULL),
  counted AS (
    SELECT s.*, coalesce(l.agent_id, 0) AS agent_id
    FROM sides s JOIN loans l ON l.id = s.loan_id AND l.status = 'approved'),
  states AS (
    INSERT INTO emi_state_totals AS t (emi_date, agent_id, status, open, shard, emis, amount, late_charge, late_charged)
    SELECT c.emi_date, c.agent_id, c.status, c.open, kept_shard(), sum(c.sign), sum(c.sign * c.amount),
      sum(c.sign * c.late_charge), coalesce(sum(c.sign) FILTER (WHERE c.late_charge > 0), 0)
    FROM counted c GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (emi_date, agent_id, status, open, shard) DO UPDATE SET
      emis = t.emis + excluded.emis,
      amount = t.amount + excluded.amount,
      late_charge = t.late_charge + excluded.late_charge,
      late_charged = t.late_charged + excluded.late_charged)
  INSERT INTO emi_day_totals AS t (emi_date, shard, open_count, open_amount, due_count)
  SELECT c.emi_date, kept_shard(), coalesce(sum(c.sign) FILTER (WHERE c.open), 0),
    coalesce(sum(c.sign * (c.amount + c.late_charge)) FILTER (WHERE c.open), 0),
    coalesce(sum(c.sign) FILTER (WHERE c.status <> 'foreclosed'), 0)
  FROM counted c WHERE c.open OR c.status <> 'foreclosed'
  GROUP BY 1 ORDER BY 1
  ON CONFLICT (emi_date, shard) DO UPDATE SET
    open_count = t.open_count + excluded.open_count,
    open_amount = t.open_amount + excluded.open_amount,
    due_count = t.due_count + excluded.due_count;
  RETURN QUERY SELECT last_tx, last_id, cardinality(batch_ids);
END $$;
--> statement-breakpoint
-- A loan entering or leaving approved brings its EMIs (as folded) in or takes them out; the fold
-- then applies its changes still in the outbox only while it is approved.
CREATE OR REPLACE FUNCTION loan_status_day_totals()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  direction integer;
BEGIN
  IF OLD.status = NEW.status OR (OLD.status <> 'approved' AND NEW.status <> 'approved') THEN RETURN NULL; END IF;
  direction := CASE WHEN NEW.status = 'approved' THEN 1 ELSE -1 END;
  INSERT INTO emi_day_totals AS t (emi_date, shard, open_count, open_amount, due_count)
  SELECT e.emi_date, kept_shard(),
    direction * coalesce(sum(e.sign) FILTER (WHERE e.open), 0),
    direction * coalesce(sum(e.sign * (e.amount + e.late_charge)) FILTER (WHERE e.open), 0),
    direction * coalesce(sum(e.sign) FILTER (WHERE e.status <> 'foreclosed'), 0)
  FROM loan_emi_states_folded(NEW.id) e GROUP BY e.emi_date ORDER BY e.emi_date
  ON CONFLICT (emi_date, shard) DO UPDATE SET
    open_count = t.open_count + excluded.open_count,
    open_amount = t.open_amount + excluded.open_amount,
    due_count = t.due_count + excluded.due_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recomputes the EMI day totals and the ledger's (rebuild_ledger_day_totals), then the month totals
-- and the per-loan money totals (rebuild_emi_month_totals, rebuild_loan_money_totals): after a bulk
-- load made with triggers off, one call brings every kept figure of the ledger and the EMIs back. The
-- EMI day totals are the EMIs as folded: the changes still in the outbox are taken off (the fold adds
-- them), under the projector's lock.
CREATE OR REPLACE FUNCTION rebuild_day_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rebuild_ledger_day_totals();
  PERFORM kept_projection_lock('emi-day-totals');
  DELETE FROM emi_day_totals;
  INSERT INTO emi_day_totals (emi_date, shard, open_count, open_amount, due_count)
  SELECT x.emi_date, x.shard, sum(x.open_count), sum(x.open_amount), sum(x.due_count)
  FROM (
    SELECT e.emi_date, (e.loan_id % 8)::smallint AS shard,
      count(*) FILTER (WHERE e.status = 'pending' OR (e.status = 'bounced' AND e.dues_with = e.emi_number)) AS open_count,
      coalesce(sum(e.amount + e.late_charge)
        FILTER (WHERE e.status = 'pending' OR (e.status = 'bounced' AND e.dues_with = e.emi_number)), 0) AS open_amount,
      count(*) FILTER (WHERE e.status <> 'foreclosed') AS due_count
    FROM emis e JOIN loans l ON l.id = e.loan_id AND l.status = 'approved'
    GROUP BY 1, 2
    UNION ALL
    SELECT p.emi_date, (p.loan_id % 8)::smallint, -coalesce(sum(p.sign) FILTER (WHERE p.open), 0),
      -coalesce(sum(p.sign * (p.amount + p.late_charge)) FILTER (WHERE p.open), 0),
      -coalesce(sum(p.sign) FILTER (WHERE p.status <> 'foreclosed'), 0)
    FROM emi_changes_pending p GROUP BY 1, 2) x
  GROUP BY 1, 2;
  PERFORM rebuild_emi_month_totals();
  PERFORM rebuild_loan_money_totals();
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_changes_capture ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_changes_capture AFTER INSERT OR DELETE ON emis
  FOR EACH ROW EXECUTE FUNCTION emi_changes_capture();
--> statement-breakpoint
-- Only a change of what the row counts fires it (a payment's notes or moments do not).
DROP TRIGGER IF EXISTS emis_changes_capture_update ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_changes_capture_update
  AFTER UPDATE OF emi_date, status, amount, late_charge, dues_with, emi_number, loan_id ON emis
  FOR EACH ROW WHEN ((OLD.emi_date, OLD.status, OLD.amount, OLD.late_charge, OLD.dues_with, OLD.emi_number, OLD.loan_id)
    IS DISTINCT FROM (NEW.emi_date, NEW.status, NEW.amount, NEW.late_charge, NEW.dues_with, NEW.emi_number, NEW.loan_id))
  EXECUTE FUNCTION emi_changes_capture();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_status_day_totals ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_status_day_totals AFTER UPDATE OF status ON loans
  FOR EACH ROW EXECUTE FUNCTION loan_status_day_totals();
--> statement-breakpoint
-- The ledger per business day and kind (money, instalment, penalty, interest share, rows), folded in
-- by the projector in the order the rows' transactions finished, after the watermark of
-- `ledger-day-totals` in kept_projections. A payment writes its ledger rows and nothing here: the
-- dashboard's figures trail it by the projector's pause, and say as of when.
--
-- One fold: the next rows after (p_after_tx, p_after_id), at most p_max, among those whose
-- transactions all finished before p_before (the oldest transaction still running when the caller's
-- snapshot was taken: no row before it can still appear). Answers the last row folded (null when
-- none) and how many. Rows of one day and kind add up in one upsert.
CREATE OR REPLACE FUNCTION ledger_day_totals_fold(p_after_tx xid8, p_after_id bigint, p_before xid8, p_max integer)
RETURNS TABLE (through_tx xid8, through_id bigint, folded integer) LANGUAGE plpgsql AS $$
DECLARE
  fold record;
BEGIN
  -- PL/pgSQL keeps its plans from one fold to the next; a SQL function's upsert was planned anew each
  -- time, which cost more than folding a few payments' rows. No loan lock: a loan's change moves no
  -- day total.
  SELECT * INTO fold FROM ledger_fold_batch(p_after_tx, p_after_id, p_before, p_max, false);
  IF fold.folded > 0 THEN
    INSERT INTO ledger_day_totals AS t (business_date, kind, shard, amount, instalment, penalty, interest_share, row_count)
    SELECT ledger_business_day(g.business_date, g.created_at), g.kind, kept_shard(), sum(g.amount), sum(g.instalment),
      sum(g.penalty),
      coalesce(sum(coalesce(g.interest_share, CASE WHEN g.kind IN ('collected', 'refund')
        THEN round(g.instalment::numeric * l.interest_amount / nullif(l.total_repayable, 0))::bigint END, 0)), 0),
      count(*)
    FROM loan_ledger g JOIN loans l ON l.id = g.loan_id
    WHERE g.id = ANY (fold.ids)
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (business_date, kind, shard) DO UPDATE SET
      amount = t.amount + excluded.amount,
      instalment = t.instalment + excluded.instalment,
      penalty = t.penalty + excluded.penalty,
      interest_share = t.interest_share + excluded.interest_share,
      row_count = t.row_count + excluded.row_count;
  END IF;
  RETURN QUERY SELECT fold.through_tx, fold.through_id, fold.folded;
END $$;
--> statement-breakpoint
-- Recomputes the table from every ledger row whose transaction finished before this one's snapshot
-- and moves the watermark there (after a bulk load made with triggers off, or to repair it); rows of
-- transactions still running are left to the projector. Takes the projector's lock first.
CREATE OR REPLACE FUNCTION rebuild_ledger_day_totals() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  horizon xid8 := pg_snapshot_xmin(pg_current_snapshot());
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('kept:ledger-day-totals', 0));
  DELETE FROM ledger_day_totals;
  INSERT INTO ledger_day_totals (business_date, kind, shard, amount, instalment, penalty, interest_share, row_count)
  SELECT ledger_business_day(g.business_date, g.created_at),
    g.kind, (g.loan_id % 8)::smallint, sum(g.amount), sum(g.instalment), sum(g.penalty),
    coalesce(sum(coalesce(g.interest_share, CASE WHEN g.kind IN ('collected', 'refund')
      THEN round(g.instalment::numeric * l.interest_amount / nullif(l.total_repayable, 0))::bigint ELSE 0 END)), 0),
    count(*)
  FROM loan_ledger g JOIN loans l ON l.id = g.loan_id
  WHERE g.tx IS NULL OR g.tx < horizon
  GROUP BY 1, 2, 3;
  -- Every row before the horizon is in: the watermark is its first position, (horizon, 0).
  INSERT INTO kept_projections AS k (figure, through_tx, through_id, as_of)
  VALUES ('ledger-day-totals', horizon, 0, statement_timestamp())
  ON CONFLICT (figure) DO UPDATE SET through_tx = excluded.through_tx, through_id = 0, as_of = excluded.as_of;
END $$;
--> statement-breakpoint
-- The same rows computed afresh from the EMIs (the rebuild and `npm run verify` both read it).
CREATE OR REPLACE FUNCTION emi_state_totals_from_rows() RETURNS SETOF emi_state_totals
LANGUAGE sql STABLE AS $$
  SELECT e.emi_date, coalesce(l.agent_id, 0), e.status,
    e.status = 'pending' OR (e.status = 'bounced' AND e.dues_with IS NOT DISTINCT FROM e.emi_number),
    (e.loan_id % 8)::smallint, count(*), sum(e.amount)::bigint, sum(e.late_charge)::bigint,
    count(*) FILTER (WHERE e.late_charge > 0)
  FROM emis e JOIN loans l ON l.id = e.loan_id AND l.status = 'approved'
  GROUP BY 1, 2, 3, 4, 5;
$$;
--> statement-breakpoint
-- Moves one loan's EMIs, as folded (loan_emi_states_folded), into (+1) or out of (-1) an agent's rows.
CREATE OR REPLACE FUNCTION emi_state_totals_move_loan(p_loan integer, p_agent integer, p_sign integer)
 RETURNS void
 LANGUAGE sql
AS $$
  INSERT INTO emi_state_totals AS t (emi_date, agent_id, status, open, shard, emis, amount, late_charge, late_charged)
  SELECT e.emi_date, p_agent, e.status, e.open, kept_shard(), p_sign * sum(e.sign), p_sign * sum(e.sign * e.amount),
    p_sign * sum(e.sign * e.late_charge), p_sign * coalesce(sum(e.sign) FILTER (WHERE e.late_charge > 0), 0)
  FROM loan_emi_states_folded(p_loan) e
  GROUP BY 1, 3, 4 ORDER BY 1, 3, 4
  ON CONFLICT (emi_date, agent_id, status, open, shard) DO UPDATE SET
    emis = t.emis + excluded.emis,
    amount = t.amount + excluded.amount,
    late_charge = t.late_charge + excluded.late_charge,
    late_charged = t.late_charged + excluded.late_charged;
$$;
--> statement-breakpoint
-- A loan entering or leaving approved brings its EMIs in or takes them out; a new agent (its customer's
-- changed, or it has another customer) moves them.
CREATE OR REPLACE FUNCTION loan_emi_state_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'approved' THEN
    PERFORM emi_state_totals_move_loan(OLD.id, coalesce(OLD.agent_id, 0), -1);
  END IF;
  IF NEW.status = 'approved' THEN
    PERFORM emi_state_totals_move_loan(NEW.id, coalesce(NEW.agent_id, 0), 1);
  END IF;
  RETURN NULL;
END $$;
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
CREATE OR REPLACE FUNCTION emi_bounce_totals_from_rows() RETURNS SETOF emi_bounce_totals
LANGUAGE sql STABLE AS $$
  SELECT e.bounce_status, (e.loan_id % 8)::smallint, count(*), sum(e.amount)::bigint
  FROM emis e WHERE e.bounce_status IS NOT NULL GROUP BY 1, 2;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION emi_bounce_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.bounce_status IS NOT NULL THEN
    PERFORM emi_bounce_totals_bump(OLD.bounce_status, OLD.loan_id, -1, OLD.amount);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.bounce_status IS NOT NULL THEN
    PERFORM emi_bounce_totals_bump(NEW.bounce_status, NEW.loan_id, 1, NEW.amount);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The lists' kept figures (docs/decisions.md, "Lists' totals kept by triggers"): each loan's agent
-- (loans.agent_id, an agent's overdue loans as one index range), Payments Due's cards over a day and an
-- agent's overdue cards (emi_state_totals), Bounced EMIs' total and cards (emi_bounce_totals). The
-- loans' agents and the bounced EMIs are kept by triggers in the transaction of every change, whichever
-- code path writes the rows; the EMI states are folded in by the projector from the outbox of EMI
-- changes (emi-day-totals.sql), and moved here when a loan's status or agent changes.

-- A loan's agent is its customer's, set whenever the loan is written with a customer.
CREATE OR REPLACE FUNCTION loan_agent_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.agent_id := (SELECT c.agent_id FROM users c WHERE c.id = NEW.customer_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A customer given to another agent (or to none) takes their loans along.
CREATE OR REPLACE FUNCTION customer_loans_agent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE loans SET agent_id = NEW.agent_id WHERE customer_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recomputes the loans' agents and both tables from the rows (after a bulk load made with triggers
-- off, as the bench seeder's copies are). The EMI states are the EMIs as folded: the changes still in
-- the outbox are taken off (the projector's fold adds them), under its lock.
CREATE OR REPLACE FUNCTION rebuild_list_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE loans l SET agent_id = c.agent_id FROM users c
  WHERE c.id = l.customer_id AND l.agent_id IS DISTINCT FROM c.agent_id;
  PERFORM kept_projection_lock('emi-day-totals');
  DELETE FROM emi_state_totals;
  INSERT INTO emi_state_totals (emi_date, agent_id, status, open, shard, emis, amount, late_charge, late_charged)
  SELECT x.emi_date, x.agent_id, x.status, x.open, x.shard, sum(x.emis), sum(x.amount), sum(x.late_charge),
    sum(x.late_charged)
  FROM (
    SELECT r.emi_date, r.agent_id, r.status, r.open, r.shard, r.emis, r.amount, r.late_charge, r.late_charged
    FROM emi_state_totals_from_rows() r
    UNION ALL
    SELECT p.emi_date, p.agent_id, p.status, p.open, (p.loan_id % 8)::smallint, -sum(p.sign), -sum(p.sign * p.amount),
      -sum(p.sign * p.late_charge), -coalesce(sum(p.sign) FILTER (WHERE p.late_charge > 0), 0)
    FROM emi_changes_pending p GROUP BY 1, 2, 3, 4, 5) x
  GROUP BY 1, 2, 3, 4, 5;
  DELETE FROM emi_bounce_totals;
  INSERT INTO emi_bounce_totals SELECT * FROM emi_bounce_totals_from_rows();
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_agent_set ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_agent_set BEFORE INSERT OR UPDATE OF customer_id, agent_id ON loans
  FOR EACH ROW EXECUTE FUNCTION loan_agent_set();
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_loans_agent ON users;
--> statement-breakpoint
CREATE TRIGGER users_loans_agent AFTER UPDATE OF agent_id ON users
  FOR EACH ROW WHEN (OLD.agent_id IS DISTINCT FROM NEW.agent_id)
  EXECUTE FUNCTION customer_loans_agent();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_emi_state_totals ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_emi_state_totals AFTER UPDATE OF status, customer_id, agent_id ON loans
  FOR EACH ROW WHEN ((OLD.status IS DISTINCT FROM NEW.status OR OLD.agent_id IS DISTINCT FROM NEW.agent_id)
    AND (OLD.status = 'approved' OR NEW.status = 'approved'))
  EXECUTE FUNCTION loan_emi_state_totals();
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_bounce_totals_change ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_bounce_totals_change AFTER INSERT OR DELETE ON emis
  FOR EACH ROW EXECUTE FUNCTION emi_bounce_totals_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_bounce_totals_update ON emis;
--> statement-breakpoint
CREATE TRIGGER emis_bounce_totals_update AFTER UPDATE OF bounce_status, amount, loan_id ON emis
  FOR EACH ROW WHEN ((OLD.bounce_status, OLD.amount, OLD.loan_id) IS DISTINCT FROM (NEW.bounce_status, NEW.amount, NEW.loan_id))
  EXECUTE FUNCTION emi_bounce_totals_change();
--> statement-breakpoint
-- The portfolio's maintained figures (docs/portfolio.md, "How it is computed"): each loan's money to
-- date, folded in by the projector from the ledger after commit (past the watermark of
-- `loan-money-totals`), and the stored closed days, deleted by any change that would make them differ
-- from the ledger.

-- A ledger row's part in its loan's totals. Rows older than the interest-share column take it in the
-- ratio of the loan's terms, as the figures always did (a change of terms refreshes the loan below).
CREATE OR REPLACE FUNCTION loan_money_paid_part(p_kind text, p_instalment bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_kind = 'credit' THEN -p_instalment
    WHEN p_kind IN ('collected', 'credit_applied') THEN p_instalment ELSE 0 END::bigint;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loan_money_principal_part(p_kind text, p_instalment bigint, p_share bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_kind = 'collected' THEN p_instalment - p_share
    WHEN p_kind = 'refund' THEN abs(p_share) - p_instalment ELSE 0 END::bigint;
$$;
--> statement-breakpoint
-- Recomputes one loan's totals from its rows folded so far; its rows after the watermark are added by
-- the projector later (a fold locks the loan first, so it waits for the change that called this).
CREATE OR REPLACE FUNCTION loan_money_refresh(p_loan integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE loan_money_totals SET paid = 0, principal = 0 WHERE loan_id = p_loan;
  INSERT INTO loan_money_totals AS t (loan_id, paid, principal, last_money_day)
  SELECT r.loan_id, r.paid, r.principal, r.last_money_day FROM loan_money_recomputed r WHERE r.loan_id = p_loan
  ON CONFLICT (loan_id) DO UPDATE SET paid = excluded.paid, principal = excluded.principal;
END $$;
--> statement-breakpoint
-- One fold of the projector: the next ledger rows after (p_after_tx, p_after_id), at most p_max, among
-- those whose transactions all finished before p_before. Each loan's rows add to its totals in one
-- upsert (rows are never updated or deleted; the portfolio's rows follow from loan_money_totals' own
-- triggers, in this transaction); a row dated on a stored day changes that day and the ones after it,
-- so they are deleted; cash instalment money is added to its day and the loan's agent. Answers the last
-- row folded and how many.
CREATE OR REPLACE FUNCTION loan_money_totals_fold(p_after_tx xid8, p_after_id bigint, p_before xid8, p_max integer)
RETURNS TABLE (through_tx xid8, through_id bigint, folded integer) LANGUAGE plpgsql AS $$
DECLARE
  fold record;
BEGIN
  SELECT * INTO fold FROM ledger_fold_batch(p_after_tx, p_after_id, p_before, p_max);
  IF fold.folded > 0 THEN
    WITH batch AS (
      SELECT g.id, g.tx, g.kind, g.loan_id, g.instalment, g.interest_share,
        ledger_business_day(g.business_date, g.created_at) AS day
      FROM loan_ledger g WHERE g.id = ANY (fold.ids)),
    money AS (
      SELECT b.* FROM batch b
      WHERE b.kind IN ('collected', 'credit_applied', 'credit', 'refund', 'written_off', 'waived')),
    stale_days AS (
      DELETE FROM portfolio_days WHERE business_date >= (SELECT min(m.day) FROM money m)),
    collected AS (
      INSERT INTO portfolio_agent_days AS g (business_date, agent_key, dated, collected)
      SELECT m.day, coalesce(c.agent_id, 0), 0, sum(m.instalment)
      FROM money m JOIN loans l ON l.id = m.loan_id JOIN users c ON c.id = l.customer_id
      WHERE m.kind = 'collected'
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (business_date, agent_key) DO UPDATE SET collected = g.collected + excluded.collected)
    INSERT INTO loan_money_totals AS t (loan_id, paid, principal, last_money_day)
    SELECT m.loan_id, sum(loan_money_paid_part(m.kind, m.instalment)),
      sum(loan_money_principal_part(m.kind, m.instalment, coalesce(m.interest_share,
        round(m.instalment::numeric * l.interest_amount / nullif(l.total_repayable, 0))::bigint))),
      max(m.day) FILTER (WHERE m.kind IN ('collected', 'credit_applied', 'written_off', 'waived'))
    FROM money m JOIN loans l ON l.id = m.loan_id
    GROUP BY m.loan_id ORDER BY m.loan_id
    ON CONFLICT (loan_id) DO UPDATE SET
      paid = t.paid + excluded.paid,
      principal = t.principal + excluded.principal,
      last_money_day = greatest(t.last_money_day, excluded.last_money_day);
  END IF;
  RETURN QUERY SELECT fold.through_tx, fold.through_id, fold.folded;
END $$;
--> statement-breakpoint
-- A lent loan re-termed or moved to another customer changes the stored days from its start; new
-- terms also change the interest share of its rows written without one.
CREATE OR REPLACE FUNCTION loan_portfolio_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.interest_amount <> NEW.interest_amount OR OLD.total_repayable <> NEW.total_repayable THEN
    PERFORM loan_money_refresh(NEW.id);
  END IF;
  IF (OLD.status IN ('approved', 'closed', 'default') OR NEW.status IN ('approved', 'closed', 'default'))
    AND (OLD.start_date <> NEW.start_date OR OLD.per_day_emi <> NEW.per_day_emi
      OR OLD.total_emi_days <> NEW.total_emi_days OR OLD.loan_amount <> NEW.loan_amount
      OR OLD.interest_amount <> NEW.interest_amount OR OLD.total_repayable <> NEW.total_repayable
      OR OLD.customer_id <> NEW.customer_id) THEN
    DELETE FROM portfolio_days WHERE business_date >= least(OLD.start_date, NEW.start_date);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Figures by agent read the customer's agent as it is now: moving a borrower with lent loans to
-- another agent changes every stored day's split, so they are all deleted (housekeeping makes them again).
CREATE OR REPLACE FUNCTION customer_agent_portfolio_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.agent_id IS DISTINCT FROM NEW.agent_id AND EXISTS (SELECT 1 FROM loans l
      WHERE l.customer_id = NEW.id AND l.status IN ('approved', 'closed', 'default')) THEN
    DELETE FROM portfolio_days;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The day a loan leaves the book: in it on the days from its start to the day before this one.
-- 'infinity' while approved; a closed or defaulted loan's last money day; null when it is in no
-- day's book (not lent, or closed on or before its start).
CREATE OR REPLACE FUNCTION portfolio_book_end(p_status text, p_start date, p_last_money_day date) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_status = 'approved' THEN 'infinity'::date
    WHEN p_status IN ('closed', 'default') AND p_last_money_day > p_start THEN p_last_money_day END;
$$;
--> statement-breakpoint
-- At commit, a loan whose day of leaving the book moved (a loan lent, closed, defaulted or reopened,
-- or a closed loan's last money day moved) changes the stored days from the first one it differs on.
-- Checked at commit, not at each statement: a payment that closes a loan writes its status before its
-- ledger rows, and in between the loan would seem to have left the book the day before.
CREATE OR REPLACE FUNCTION portfolio_book_end_check(p_loan integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  loan loans%ROWTYPE;
  stored date;
  last_day date;
  has_row boolean;
  now_end date;
BEGIN
  SELECT * INTO loan FROM loans WHERE id = p_loan;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT t.book_end, t.last_money_day INTO stored, last_day FROM loan_money_totals t WHERE t.loan_id = p_loan;
  has_row := FOUND;
  -- The loan's money rows the projector has not folded in yet (the closing payment's own, for one)
  -- count too: judged without them, a closed loan would seem to have left the book on an earlier day.
  last_day := greatest(last_day, (SELECT max(ledger_business_day(g.business_date, g.created_at))
    FROM loan_ledger g
    WHERE g.loan_id = p_loan AND g.kind IN ('collected', 'credit_applied', 'written_off', 'waived')
      AND g.tx IS NOT NULL AND (g.tx, g.id) > (
        (SELECT w.through_tx FROM kept_projections w WHERE w.figure = 'loan-money-totals'),
        (SELECT w.through_id FROM kept_projections w WHERE w.figure = 'loan-money-totals'))));
  now_end := portfolio_book_end(loan.status, loan.start_date, last_day);
  IF stored IS NOT DISTINCT FROM now_end AND (has_row OR now_end IS NULL) THEN RETURN; END IF;
  IF stored IS DISTINCT FROM now_end THEN
    DELETE FROM portfolio_days WHERE business_date >= CASE WHEN stored IS NULL OR now_end IS NULL
      THEN loan.start_date ELSE least(stored, now_end) END;
  END IF;
  INSERT INTO loan_money_totals AS t (loan_id, paid, principal, last_money_day, book_end)
  VALUES (p_loan, 0, 0, NULL, now_end)
  ON CONFLICT (loan_id) DO UPDATE SET book_end = excluded.book_end;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loan_book_end_deferred() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portfolio_book_end_check(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loan_totals_book_end_deferred() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portfolio_book_end_check(NEW.loan_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- rebuild_loan_money_totals() (run by rebuild_day_totals() after a bulk load) rewrites every total from
-- the ledger rows whose transactions finished before this one's snapshot (the watermark moves to that
-- horizon first): the per-row triggers above stand aside and the kept rows are rebuilt once.
CREATE OR REPLACE FUNCTION rebuild_loan_money_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kept_projection_lock('loan-money-totals');
  INSERT INTO kept_projections AS k (figure, through_tx, through_id, as_of)
  VALUES ('loan-money-totals', pg_snapshot_xmin(pg_current_snapshot()), 0, statement_timestamp())
  ON CONFLICT (figure) DO UPDATE SET through_tx = excluded.through_tx, through_id = 0, as_of = excluded.as_of;
  PERFORM set_config('portfolio.rebuilding', 'on', true);
  DELETE FROM loan_money_totals;
  INSERT INTO loan_money_totals (loan_id, paid, principal, last_money_day)
  SELECT r.loan_id, r.paid, r.principal, r.last_money_day FROM loan_money_recomputed r;
  INSERT INTO loan_money_totals (loan_id, paid, principal, last_money_day)
  SELECT l.id, 0, 0, NULL FROM loans l
  WHERE l.status IN ('approved', 'closed', 'default')
    AND NOT EXISTS (SELECT 1 FROM loan_money_totals t WHERE t.loan_id = l.id);
  UPDATE loan_money_totals t SET book_end = portfolio_book_end(l.status, l.start_date, t.last_money_day)
  FROM loans l WHERE l.id = t.loan_id;
  DELETE FROM portfolio_days;
  PERFORM set_config('portfolio.rebuilding', 'off', true);
  PERFORM rebuild_portfolio_kept();
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_book_end ON loans;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER loans_book_end AFTER INSERT OR UPDATE OF status ON loans
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION loan_book_end_deferred();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loan_money_totals_book_end ON loan_money_totals;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER loan_money_totals_book_end AFTER INSERT ON loan_money_totals
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION loan_totals_book_end_deferred();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loan_money_totals_end_moved ON loan_money_totals;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER loan_money_totals_end_moved AFTER UPDATE OF last_money_day ON loan_money_totals
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.last_money_day IS DISTINCT FROM NEW.last_money_day)
  EXECUTE FUNCTION loan_totals_book_end_deferred();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_portfolio_change ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_portfolio_change
  AFTER UPDATE OF start_date, per_day_emi, total_emi_days, loan_amount, interest_amount, total_repayable,
    customer_id ON loans
  FOR EACH ROW EXECUTE FUNCTION loan_portfolio_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_agent_portfolio_change ON users;
--> statement-breakpoint
CREATE TRIGGER users_agent_portfolio_change AFTER UPDATE OF agent_id ON users
  FOR EACH ROW EXECUTE FUNCTION customer_agent_portfolio_change();
--> statement-breakpoint
-- Each loan's totals recomputed from its rows folded so far: the rebuild's source, one loan's refresh (a
-- filter on loan_id reaches into the grouping) and what `npm run verify` compares the kept totals with.
CREATE OR REPLACE VIEW loan_money_recomputed AS
  SELECT g.loan_id, coalesce(sum(loan_money_paid_part(g.kind, g.instalment)), 0)::bigint AS paid,
    coalesce(sum(loan_money_principal_part(g.kind, g.instalment, coalesce(g.interest_share,
      round(g.instalment::numeric * l.interest_amount / nullif(l.total_repayable, 0))::bigint))), 0)::bigint AS principal,
    max(ledger_business_day(g.business_date, g.created_at))
      FILTER (WHERE g.kind IN ('collected', 'credit_applied', 'written_off', 'waived')) AS last_money_day
  FROM loan_ledger g JOIN loans l ON l.id = g.loan_id
  WHERE g.kind IN ('collected', 'credit_applied', 'credit', 'refund', 'written_off', 'waived')
    AND ledger_row_folded('loan-money-totals', g.tx, g.id)
  GROUP BY g.loan_id;
--> statement-breakpoint
-- Today's portfolio figures from kept rows (docs/portfolio.md, "How it is computed"): approved loans
-- per agent and oldest unpaid instalment date (portfolio_due_groups), and per business day and agent
-- the instalments dated and the cash instalment money collected (portfolio_agent_days). Kept by
-- triggers in the transaction of each change of a loan or a borrower's agent, and by the projector's
-- fold of `loan-money-totals` for money (its rows in loan_money_totals, the cash collected per day);
-- a change that moves ledger money between agents counts only rows folded so far (a fold locks the
-- loans of its rows first, so it and such a change run one after the other). `rebuild_portfolio_kept()`
-- recomputes both.

-- The date of a loan's oldest unpaid instalment when its instalment money paid is `p_paid`, payments
-- applied to the oldest instalments first; 'infinity' when every instalment is paid.
CREATE OR REPLACE FUNCTION portfolio_due_day(p_start date, p_per_day_emi bigint, p_days integer, p_paid bigint)
RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN greatest(p_paid, 0) / p_per_day_emi < p_days
    THEN p_start + (greatest(p_paid, 0) / p_per_day_emi)::integer ELSE 'infinity'::date END;
$$;
--> statement-breakpoint
-- The last day a lent loan has instalments dated: its end date, or the day a closed or defaulted loan
-- ended when that is earlier (a loan with no money day yet is dated to its end, as the figures read it).
CREATE OR REPLACE FUNCTION portfolio_last_dated(p_status text, p_end date, p_last_money_day date)
RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_status = 'approved' OR p_last_money_day IS NULL THEN p_end
    ELSE least(p_end, p_last_money_day) END;
$$;
--> statement-breakpoint
-- Adds `n` loans and `o` outstanding to the group (a, d); an emptied group is removed.
CREATE OR REPLACE FUNCTION portfolio_due_add(a integer, d date, n integer, o bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  remaining integer;
BEGIN
  UPDATE portfolio_due_groups SET loans = loans + n, outstanding = outstanding + o
  WHERE agent_key = a AND due_day = d RETURNING loans INTO remaining;
  IF NOT FOUND THEN
    INSERT INTO portfolio_due_groups AS g (agent_key, due_day, loans, outstanding) VALUES (a, d, n, o)
    ON CONFLICT (agent_key, due_day) DO UPDATE
      SET loans = g.loans + excluded.loans, outstanding = g.outstanding + excluded.outstanding;
  ELSIF remaining = 0 THEN
    DELETE FROM portfolio_due_groups WHERE agent_key = a AND due_day = d AND loans = 0 AND outstanding = 0;
  END IF;
END $$;
--> statement-breakpoint
-- Moves one loan's place in portfolio_due_groups: out of (a1, d1) when n1 = 1, into (a2, d2) when
-- n2 = 1. A payment that leaves the oldest unpaid date where it was is one update; otherwise the two
-- groups are written in key order, so two payments never wait on each other's rows crosswise.
CREATE OR REPLACE FUNCTION portfolio_due_shift(a1 integer, d1 date, n1 integer, o1 bigint,
  a2 integer, d2 date, n2 integer, o2 bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF n1 = 1 AND n2 = 1 AND a1 = a2 AND d1 = d2 THEN
    IF o1 <> o2 THEN
      UPDATE portfolio_due_groups SET outstanding = outstanding + (o2 - o1) WHERE agent_key = a1 AND due_day = d1;
    END IF;
  ELSIF n1 = 1 AND (n2 = 0 OR (a1, d1) < (a2, d2)) THEN
    PERFORM portfolio_due_add(a1, d1, -1, -o1);
    IF n2 = 1 THEN PERFORM portfolio_due_add(a2, d2, 1, o2); END IF;
  ELSIF n2 = 1 THEN
    PERFORM portfolio_due_add(a2, d2, 1, o2);
    IF n1 = 1 THEN PERFORM portfolio_due_add(a1, d1, -1, -o1); END IF;
  END IF;
END $$;
--> statement-breakpoint
-- Moves one loan's instalments dated in portfolio_agent_days: `e1` off agent a1's days f1..t1, `e2` onto
-- agent a2's days f2..t2; only the days whose sum changes are written, in key order.
CREATE OR REPLACE FUNCTION portfolio_dated_shift(a1 integer, e1 bigint, f1 date, t1 date,
  a2 integer, e2 bigint, f2 date, t2 date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF (a1, e1, f1, t1) IS NOT DISTINCT FROM (a2, e2, f2, t2) THEN RETURN; END IF;
  INSERT INTO portfolio_agent_days AS g (business_date, agent_key, dated, collected)
  SELECT d.day, d.agent_key, sum(d.amount), 0
  FROM (SELECT k::date AS day, a1 AS agent_key, -e1 AS amount FROM generate_series(f1, t1, interval '1 day') k
      WHERE a1 IS NOT NULL
    UNION ALL
    SELECT k::date, a2, e2 FROM generate_series(f2, t2, interval '1 day') k WHERE a2 IS NOT NULL) d
  GROUP BY 1, 2 HAVING sum(d.amount) <> 0 ORDER BY 1, 2
  ON CONFLICT (business_date, agent_key) DO UPDATE SET dated = g.dated + excluded.dated;
END $$;
--> statement-breakpoint
-- A loan inserted, updated or deleted (o or n null): its place in both tables, with its money as kept
-- in loan_money_totals and its customer's agent as it is now.
CREATE OR REPLACE FUNCTION portfolio_loan_moved(o loans, n loans) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t loan_money_totals%ROWTYPE;
  lent1 boolean := coalesce(o.status IN ('approved', 'closed', 'default'), false);
  lent2 boolean := coalesce(n.status IN ('approved', 'closed', 'default'), false);
  a1 integer;
  a2 integer;
  c1 integer;
  c2 integer;
BEGIN
  -- A loan given to a borrower of another agent takes its collections with it, whatever its status.
  IF o.id IS NOT NULL AND n.id IS NOT NULL AND o.customer_id IS DISTINCT FROM n.customer_id THEN
    SELECT coalesce(agent_id, 0) INTO c1 FROM users WHERE id = o.customer_id;
    SELECT coalesce(agent_id, 0) INTO c2 FROM users WHERE id = n.customer_id;
    IF c1 IS DISTINCT FROM c2 THEN
      INSERT INTO portfolio_agent_days AS g (business_date, agent_key, dated, collected)
      SELECT m.day, m.agent_key, 0, sum(m.amount)
      FROM (SELECT ledger_business_day(x.business_date, x.created_at) AS day,
          s.agent_key, s.sign * x.instalment AS amount
        FROM loan_ledger x CROSS JOIN (VALUES (c1, -1), (c2, 1)) s(agent_key, sign)
        WHERE x.loan_id = n.id AND x.kind = 'collected' AND ledger_row_folded('loan-money-totals', x.tx, x.id)) m
      GROUP BY 1, 2 HAVING sum(m.amount) <> 0 ORDER BY 1, 2
      ON CONFLICT (business_date, agent_key) DO UPDATE SET collected = g.collected + excluded.collected;
    END IF;
  END IF;
  IF NOT lent1 AND NOT lent2 THEN RETURN; END IF;
  SELECT * INTO t FROM loan_money_totals WHERE loan_id = coalesce(n.id, o.id);
  IF lent1 THEN SELECT coalesce(agent_id, 0) INTO a1 FROM users WHERE id = o.customer_id; END IF;
  IF lent2 THEN SELECT coalesce(agent_id, 0) INTO a2 FROM users WHERE id = n.customer_id; END IF;
  PERFORM portfolio_due_shift(
    a1, portfolio_due_day(o.start_date, o.per_day_emi, o.total_emi_days, coalesce(t.paid, 0)),
    CASE WHEN o.status = 'approved' THEN 1 ELSE 0 END, greatest(0, o.loan_amount - coalesce(t.principal, 0)),
    a2, portfolio_due_day(n.start_date, n.per_day_emi, n.total_emi_days, coalesce(t.paid, 0)),
    CASE WHEN n.status = 'approved' THEN 1 ELSE 0 END, greatest(0, n.loan_amount - coalesce(t.principal, 0)));
  PERFORM portfolio_dated_shift(
    a1, o.per_day_emi, o.start_date, portfolio_last_dated(o.status, o.end_date, t.last_money_day),
    a2, n.per_day_emi, n.start_date, portfolio_last_dated(n.status, n.end_date, t.last_money_day));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loans_portfolio_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM portfolio_loan_moved(NULL::loans, NEW);
  ELSIF TG_OP = 'UPDATE' THEN PERFORM portfolio_loan_moved(OLD, NEW);
  ELSE PERFORM portfolio_loan_moved(OLD, NULL::loans);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A borrower moved to another agent takes its loans' places and its collections with it (the figures
-- by agent read the agent as it is now).
CREATE OR REPLACE FUNCTION users_agent_portfolio_kept() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  loan loans%ROWTYPE;
  t loan_money_totals%ROWTYPE;
  a1 integer := coalesce(OLD.agent_id, 0);
  a2 integer := coalesce(NEW.agent_id, 0);
  due date;
  last_day date;
BEGIN
  -- The loans are locked as a payment locks them, so a payment in flight commits first and its money
  -- is read here, and one that starts later reads the new agent.
  FOR loan IN SELECT * FROM loans WHERE customer_id = NEW.id AND status IN ('approved', 'closed', 'default')
    ORDER BY id FOR UPDATE
  LOOP
    SELECT * INTO t FROM loan_money_totals WHERE loan_id = loan.id;
    IF loan.status = 'approved' THEN
      due := portfolio_due_day(loan.start_date, loan.per_day_emi, loan.total_emi_days, coalesce(t.paid, 0));
      PERFORM portfolio_due_shift(a1, due, 1, greatest(0, loan.loan_amount - coalesce(t.principal, 0)),
        a2, due, 1, greatest(0, loan.loan_amount - coalesce(t.principal, 0)));
    END IF;
    last_day := portfolio_last_dated(loan.status, loan.end_date, t.last_money_day);
    PERFORM portfolio_dated_shift(a1, loan.per_day_emi, loan.start_date, last_day,
      a2, loan.per_day_emi, loan.start_date, last_day);
  END LOOP;
  INSERT INTO portfolio_agent_days AS g (business_date, agent_key, dated, collected)
  SELECT m.day, m.agent_key, 0, sum(m.amount)
  FROM (SELECT ledger_business_day(x.business_date, x.created_at) AS day,
      s.agent_key, s.sign * x.instalment AS amount
    FROM loan_ledger x JOIN loans l ON l.id = x.loan_id
      CROSS JOIN (VALUES (a1, -1), (a2, 1)) s(agent_key, sign)
    WHERE l.customer_id = NEW.id AND x.kind = 'collected'
      AND ledger_row_folded('loan-money-totals', x.tx, x.id)) m
  GROUP BY 1, 2 HAVING sum(m.amount) <> 0 ORDER BY 1, 2
  ON CONFLICT (business_date, agent_key) DO UPDATE SET collected = g.collected + excluded.collected;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A loan's money moved (the projector folded its ledger rows into loan_money_totals): an approved loan may change its
-- oldest unpaid instalment and its outstanding principal; a closed loan's last money day moves the
-- last day it has instalments dated. One look-up of the loan with its customer and one keyed update
-- (two when the oldest unpaid date moves) per change.
-- `portfolio.rebuilding` is set while rebuild_loan_money_totals() rewrites every total at once.
CREATE OR REPLACE FUNCTION loan_money_totals_portfolio() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  loan record;
  old_paid bigint := 0;
  old_principal bigint := 0;
  old_last date;
BEGIN
  IF current_setting('portfolio.rebuilding', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' THEN
    old_paid := OLD.paid;
    old_principal := OLD.principal;
    old_last := OLD.last_money_day;
  END IF;
  SELECT l.status, l.start_date, l.end_date, l.per_day_emi, l.total_emi_days, l.loan_amount,
    coalesce(c.agent_id, 0) AS agent_key
  INTO loan FROM loans l JOIN users c ON c.id = l.customer_id
  WHERE l.id = NEW.loan_id AND l.status IN ('approved', 'closed', 'default');
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF loan.status = 'approved' THEN
    PERFORM portfolio_due_shift(
      loan.agent_key, portfolio_due_day(loan.start_date, loan.per_day_emi, loan.total_emi_days, old_paid), 1,
      greatest(0, loan.loan_amount - old_principal),
      loan.agent_key, portfolio_due_day(loan.start_date, loan.per_day_emi, loan.total_emi_days, NEW.paid), 1,
      greatest(0, loan.loan_amount - NEW.principal));
  ELSIF old_last IS DISTINCT FROM NEW.last_money_day THEN
    PERFORM portfolio_dated_shift(
      loan.agent_key, loan.per_day_emi, loan.start_date, portfolio_last_dated(loan.status, loan.end_date, old_last),
      loan.agent_key, loan.per_day_emi, loan.start_date,
      portfolio_last_dated(loan.status, loan.end_date, NEW.last_money_day));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_portfolio_kept() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM portfolio_due_groups;
  INSERT INTO portfolio_due_groups (agent_key, due_day, loans, outstanding)
  SELECT agent_key, due_day, loans, outstanding FROM portfolio_due_groups_recomputed;
  DELETE FROM portfolio_agent_days;
  INSERT INTO portfolio_agent_days (business_date, agent_key, dated, collected)
  SELECT business_date, agent_key, dated, collected FROM portfolio_agent_days_recomputed;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS loans_portfolio_kept ON loans;
--> statement-breakpoint
CREATE TRIGGER loans_portfolio_kept
  AFTER INSERT OR DELETE OR UPDATE OF status, customer_id, start_date, end_date, per_day_emi, total_emi_days, loan_amount
  ON loans FOR EACH ROW EXECUTE FUNCTION loans_portfolio_kept();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loan_money_totals_portfolio_added ON loan_money_totals;
--> statement-breakpoint
CREATE TRIGGER loan_money_totals_portfolio_added AFTER INSERT ON loan_money_totals
  FOR EACH ROW EXECUTE FUNCTION loan_money_totals_portfolio();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loan_money_totals_portfolio_moved ON loan_money_totals;
--> statement-breakpoint
CREATE TRIGGER loan_money_totals_portfolio_moved AFTER UPDATE OF paid, principal, last_money_day ON loan_money_totals
  FOR EACH ROW WHEN (OLD.paid IS DISTINCT FROM NEW.paid OR OLD.principal IS DISTINCT FROM NEW.principal
    OR OLD.last_money_day IS DISTINCT FROM NEW.last_money_day)
  EXECUTE FUNCTION loan_money_totals_portfolio();
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_agent_portfolio_kept ON users;
--> statement-breakpoint
CREATE TRIGGER users_agent_portfolio_kept AFTER UPDATE OF agent_id ON users
  FOR EACH ROW WHEN (OLD.agent_id IS DISTINCT FROM NEW.agent_id) EXECUTE FUNCTION users_agent_portfolio_kept();
--> statement-breakpoint
-- Both tables recomputed from the loans, their kept money totals (checked against the ledger on
-- their own) and the ledger's cash rows: the rebuild's source and what `npm run verify` compares.
CREATE OR REPLACE VIEW portfolio_due_groups_recomputed AS
  SELECT coalesce(c.agent_id, 0) AS agent_key,
    portfolio_due_day(l.start_date, l.per_day_emi, l.total_emi_days, coalesce(t.paid, 0)) AS due_day,
    count(*)::integer AS loans, sum(greatest(0, l.loan_amount - coalesce(t.principal, 0)))::bigint AS outstanding
  FROM loans l JOIN users c ON c.id = l.customer_id LEFT JOIN loan_money_totals t ON t.loan_id = l.id
  WHERE l.status = 'approved'
  GROUP BY 1, 2;
--> statement-breakpoint
-- Instalments dated per agent and day as steps (+EMI on a loan's first day, −EMI after its last),
-- summed along the days, so the work grows with the loans and the days, not their product.
CREATE OR REPLACE VIEW portfolio_agent_days_recomputed AS
  WITH lent AS (
    SELECT coalesce(c.agent_id, 0) AS agent_key, l.per_day_emi AS emi, l.start_date AS first_day,
      portfolio_last_dated(l.status, l.end_date, t.last_money_day) AS last_day
    FROM loans l JOIN users c ON c.id = l.customer_id LEFT JOIN loan_money_totals t ON t.loan_id = l.id
    WHERE l.status IN ('approved', 'closed', 'default')),
  steps AS (
    SELECT s.agent_key, s.day, sum(s.amount) AS amount
    FROM (SELECT agent_key, first_day AS day, emi AS amount FROM lent WHERE first_day <= last_day
      UNION ALL
      SELECT agent_key, last_day + 1, -emi FROM lent WHERE first_day <= last_day) s
    GROUP BY 1, 2),
  levels AS (
    SELECT agent_key, day, sum(amount) OVER w AS level, lead(day) OVER w AS next_day
    FROM steps WINDOW w AS (PARTITION BY agent_key ORDER BY day)),
  dated AS (
    SELECT k::date AS business_date, v.agent_key, v.level AS dated
    FROM levels v CROSS JOIN LATERAL generate_series(v.day, v.next_day - 1, interval '1 day') k
    WHERE v.level <> 0),
  collected AS (
    SELECT ledger_business_day(g.business_date, g.created_at) AS business_date,
      coalesce(c.agent_id, 0) AS agent_key, sum(g.instalment) AS collected
    FROM loan_ledger g JOIN loans l ON l.id = g.loan_id JOIN users c ON c.id = l.customer_id
    WHERE g.kind = 'collected' AND ledger_row_folded('loan-money-totals', g.tx, g.id)
    GROUP BY 1, 2)
  SELECT coalesce(d.business_date, k.business_date) AS business_date, coalesce(d.agent_key, k.agent_key) AS agent_key,
    coalesce(d.dated, 0)::bigint AS dated, coalesce(k.collected, 0)::bigint AS collected
  FROM dated d FULL JOIN collected k ON k.business_date = d.business_date AND k.agent_key = d.agent_key;
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_day_totals ON emis;
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_state_totals_change ON emis;
--> statement-breakpoint
DROP TRIGGER IF EXISTS emis_state_totals_update ON emis;
--> statement-breakpoint
DROP TRIGGER IF EXISTS loan_ledger_collection_records ON loan_ledger;
--> statement-breakpoint
DROP TRIGGER IF EXISTS loan_ledger_money_totals ON loan_ledger;
--> statement-breakpoint
DROP TRIGGER IF EXISTS loan_ledger_portfolio_collected ON loan_ledger;
--> statement-breakpoint
DROP FUNCTION IF EXISTS collection_records_add(r_src smallint, r_key bigint, r_day date, r_collector integer, r_loan integer, r_id bigint, r_at timestamp with time zone, r_type text, r_emi integer, r_mode text, r_amount bigint, r_collected timestamp with time zone, r_instalment bigint, r_charges bigint, r_share bigint);
--> statement-breakpoint
DROP FUNCTION IF EXISTS collection_records_ledger();
--> statement-breakpoint
DROP FUNCTION IF EXISTS emi_day_totals_bump(p_date date, p_loan integer, p_sign integer, p_status text, p_dues_with integer, p_emi_number integer, p_owed bigint);
--> statement-breakpoint
DROP FUNCTION IF EXISTS emi_day_totals_change();
--> statement-breakpoint
DROP FUNCTION IF EXISTS emi_state_agent_of(p_loan integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS emi_state_totals_bump(p_date date, p_agent integer, p_status text, p_open boolean, p_loan integer, p_sign integer, p_amount bigint, p_late bigint);
--> statement-breakpoint
DROP FUNCTION IF EXISTS emi_state_totals_change();
--> statement-breakpoint
DROP FUNCTION IF EXISTS loan_ledger_portfolio_collected();
--> statement-breakpoint
DROP FUNCTION IF EXISTS loan_money_totals_add();
