-- The Agent Collections report's ledger records and each loan's money totals (with the portfolio's cash
-- collected per day) move to the projector in the next migration. Every ledger row of a transaction
-- that finished before this one is already in them (their triggers kept them), so each projector starts
-- from this horizon.
INSERT INTO "kept_projections" ("figure", "through_tx", "through_id", "as_of")
VALUES ('collection-records', pg_snapshot_xmin(pg_current_snapshot()), 0, now()),
  ('loan-money-totals', pg_snapshot_xmin(pg_current_snapshot()), 0, now())
ON CONFLICT ("figure") DO NOTHING;
