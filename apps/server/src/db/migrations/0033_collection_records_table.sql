CREATE TABLE "collection_records" (
	"src" smallint NOT NULL,
	"group_key" bigint NOT NULL,
	"day" date NOT NULL,
	"collector_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"record_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"record_type" text NOT NULL,
	"emi_number" integer,
	"payment_mode" text,
	"amount" bigint NOT NULL,
	"instalment" bigint,
	"charges" bigint,
	"interest_share" bigint,
	"collected_at" timestamp with time zone,
	CONSTRAINT "collection_records_src_group_key_day_collector_id_loan_id_pk" PRIMARY KEY("src","group_key","day","collector_id","loan_id")
);
--> statement-breakpoint
CREATE INDEX "collection_records_order_idx" ON "collection_records" USING btree ("day","at","status","src","record_id");--> statement-breakpoint
CREATE INDEX "collection_records_collector_idx" ON "collection_records" USING btree ("collector_id","day","at","status","src","record_id");--> statement-breakpoint
CREATE INDEX "collection_records_loan_idx" ON "collection_records" USING btree ("loan_id");