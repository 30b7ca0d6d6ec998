CREATE TABLE "collection_day_totals" (
	"day" date NOT NULL,
	"collector_id" integer NOT NULL,
	"src" smallint NOT NULL,
	"status" text NOT NULL,
	"record_type" text NOT NULL,
	"records" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"instalment" bigint NOT NULL,
	"charges" bigint NOT NULL,
	"interest_share" bigint NOT NULL,
	CONSTRAINT "collection_day_totals_day_collector_id_src_status_record_type_pk" PRIMARY KEY("day","collector_id","src","status","record_type")
);
--> statement-breakpoint
CREATE TABLE "overdue_loan_days" (
	"oldest_open_emi_date" date NOT NULL,
	"shard" smallint NOT NULL,
	"loans" bigint NOT NULL,
	CONSTRAINT "overdue_loan_days_oldest_open_emi_date_shard_pk" PRIMARY KEY("oldest_open_emi_date","shard")
);
--> statement-breakpoint
CREATE TABLE "user_role_counts" (
	"role_id" integer PRIMARY KEY NOT NULL,
	"users" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "loans_loan_code_trgm_idx";--> statement-breakpoint
DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_mobile_trgm_idx";--> statement-breakpoint
CREATE INDEX "collection_records_day_customer_idx" ON "collection_records" USING btree ("day","customer_id","collector_id","src");--> statement-breakpoint
CREATE INDEX "loans_loan_code_trgm_idx" ON "loans" USING gin ("loan_code" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_mobile_trgm_idx" ON "users" USING gin ("mobile" gin_trgm_ops) WITH (fastupdate=false);