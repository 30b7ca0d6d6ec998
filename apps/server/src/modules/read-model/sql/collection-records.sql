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
