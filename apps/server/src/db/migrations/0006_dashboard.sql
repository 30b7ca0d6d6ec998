CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"last_outcome" text NOT NULL,
	"last_error" text,
	"runs" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_ledger" ADD COLUMN "interest_share" bigint;