CREATE TABLE "emi_day_totals" (
	"emi_date" date NOT NULL,
	"shard" smallint NOT NULL,
	"open_count" integer NOT NULL,
	"open_amount" bigint NOT NULL,
	"due_count" integer NOT NULL,
	CONSTRAINT "emi_day_totals_emi_date_shard_pk" PRIMARY KEY("emi_date","shard")
);
--> statement-breakpoint
CREATE TABLE "ledger_day_totals" (
	"business_date" date NOT NULL,
	"kind" text NOT NULL,
	"shard" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"instalment" bigint NOT NULL,
	"penalty" bigint NOT NULL,
	"interest_share" bigint NOT NULL,
	"row_count" bigint NOT NULL,
	CONSTRAINT "ledger_day_totals_business_date_kind_shard_pk" PRIMARY KEY("business_date","kind","shard")
);
