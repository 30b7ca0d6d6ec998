CREATE TABLE "interest_month_totals" (
	"month" date NOT NULL,
	"loan_status" text NOT NULL,
	"shard" smallint NOT NULL,
	"loans" integer NOT NULL,
	"emis" integer NOT NULL,
	"scheduled" bigint NOT NULL,
	"expected" bigint NOT NULL,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	CONSTRAINT "interest_month_totals_month_loan_status_shard_pk" PRIMARY KEY("month","loan_status","shard")
);
--> statement-breakpoint
DROP INDEX "loans_start_date_idx";--> statement-breakpoint
DROP INDEX "loans_created_at_idx";--> statement-breakpoint
ALTER TABLE "emi_month_loan_totals" ADD COLUMN "emis" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "emi_month_loan_totals_loan_idx" ON "emi_month_loan_totals" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "emi_bounces_recent_idx" ON "emi_bounces" USING btree ("bounced_at","id");--> statement-breakpoint
CREATE INDEX "emi_payments_recent_idx" ON "emi_payments" USING btree ("paid_at","id") WHERE "emi_payments"."payment_mode" <> 'credit';--> statement-breakpoint
CREATE INDEX "loans_start_date_idx" ON "loans" USING btree ("start_date","status","loan_amount");--> statement-breakpoint
CREATE INDEX "loans_created_at_idx" ON "loans" USING btree ("created_at","id");