CREATE TABLE "emi_bounce_totals" (
	"bounce_status" text NOT NULL,
	"shard" smallint NOT NULL,
	"emis" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "emi_bounce_totals_bounce_status_shard_pk" PRIMARY KEY("bounce_status","shard")
);
--> statement-breakpoint
CREATE TABLE "emi_state_totals" (
	"emi_date" date NOT NULL,
	"agent_id" integer NOT NULL,
	"status" text NOT NULL,
	"open" boolean NOT NULL,
	"shard" smallint NOT NULL,
	"emis" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"late_charge" bigint NOT NULL,
	"late_charged" bigint NOT NULL,
	CONSTRAINT "emi_state_totals_emi_date_agent_id_status_open_shard_pk" PRIMARY KEY("emi_date","agent_id","status","open","shard")
);
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "agent_id" integer;--> statement-breakpoint
CREATE INDEX "emi_state_totals_agent_idx" ON "emi_state_totals" USING btree ("agent_id","emi_date");--> statement-breakpoint
CREATE INDEX "loans_agent_overdue_idx" ON "loans" USING btree ("agent_id","oldest_open_emi_date","loan_number") WHERE "loans"."status" = 'approved' and "loans"."oldest_open_emi_date" is not null;