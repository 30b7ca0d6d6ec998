-- Written by hand from the generated diff: the tool cannot name the primary key it drops, and it added the key before the column it names.
ALTER TABLE "loan_status_totals" DROP CONSTRAINT "loan_status_totals_pkey";--> statement-breakpoint
ALTER TABLE "loan_status_totals" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_status_totals" ADD CONSTRAINT "loan_status_totals_status_shard_pk" PRIMARY KEY("status","shard");
