CREATE TABLE "kept_projections" (
	"figure" text PRIMARY KEY NOT NULL,
	"through_tx" "xid8" NOT NULL,
	"through_id" bigint NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"folded" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Written by drizzle-kit as one ADD COLUMN with the default; split by hand before landing: a volatile
-- default on ADD COLUMN rewrites every ledger row (17.6 million on the bench book) and stamps them
-- all with this migration's transaction, while the rows written before it must stay null (already
-- counted by the figures).
ALTER TABLE "loan_ledger" ADD COLUMN "tx" "xid8";--> statement-breakpoint
ALTER TABLE "loan_ledger" ALTER COLUMN "tx" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE INDEX "loan_ledger_tx_idx" ON "loan_ledger" USING btree ("tx","id") WHERE "loan_ledger"."tx" is not null;--> statement-breakpoint
-- The ledger's day totals start projected from here: every row before this migration was counted by
-- the trigger it replaces (and carries no tx), every row after it has one past this watermark.
INSERT INTO "kept_projections" ("figure", "through_tx", "through_id", "as_of") VALUES ('ledger-day-totals', '0', 0, now());
--> statement-breakpoint
-- Statistics for the new column at once (nearly all null), so that plans reading the rows after a
-- watermark use the partial index from the first request.
ANALYZE "loan_ledger";
