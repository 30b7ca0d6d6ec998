CREATE TABLE "emi_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"loan_id" integer NOT NULL,
	"old_emi_date" date,
	"old_status" text,
	"old_open" boolean,
	"old_amount" bigint,
	"old_late_charge" bigint,
	"new_emi_date" date,
	"new_status" text,
	"new_open" boolean,
	"new_amount" bigint,
	"new_late_charge" bigint
);
--> statement-breakpoint
CREATE INDEX "emi_changes_tx_idx" ON "emi_changes" USING btree ("tx","id");--> statement-breakpoint
CREATE INDEX "emi_changes_loan_idx" ON "emi_changes" USING btree ("loan_id");