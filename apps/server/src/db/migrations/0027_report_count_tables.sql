CREATE TABLE "credit_event_counts" (
	"customer_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"events" bigint NOT NULL,
	CONSTRAINT "credit_event_counts_customer_id_event_type_pk" PRIMARY KEY("customer_id","event_type")
);
--> statement-breakpoint
CREATE TABLE "loan_status_totals" (
	"status" text PRIMARY KEY NOT NULL,
	"loans" bigint NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "credit_events_created_at_idx";--> statement-breakpoint
CREATE INDEX "credit_events_created_at_id_idx" ON "credit_events" USING btree ("created_at","id");