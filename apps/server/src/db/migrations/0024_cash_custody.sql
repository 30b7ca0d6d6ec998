CREATE TABLE "cash_day_closes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"collector_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"opening_in_hand" bigint NOT NULL,
	"collected" jsonb NOT NULL,
	"refunded" bigint NOT NULL,
	"handed_over" bigint NOT NULL,
	"received" bigint NOT NULL,
	"difference" bigint NOT NULL,
	"carried_in_hand" bigint NOT NULL,
	"closed_by" integer NOT NULL,
	"note" text,
	"audit_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_day_totals" (
	"collector_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"payment_mode" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"row_count" bigint NOT NULL,
	CONSTRAINT "cash_day_totals_collector_id_business_date_payment_mode_kind_pk" PRIMARY KEY("collector_id","business_date","payment_mode","kind")
);
--> statement-breakpoint
CREATE TABLE "cash_handovers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"collector_id" integer NOT NULL,
	"received_by" integer NOT NULL,
	"amount" bigint NOT NULL,
	"received_amount" bigint NOT NULL,
	"difference" bigint NOT NULL,
	"reason" text,
	"note" text,
	"business_date" date NOT NULL,
	"audit_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_handovers_amount_check" CHECK ("cash_handovers"."amount" > 0 and "cash_handovers"."received_amount" >= 0),
	CONSTRAINT "cash_handovers_difference_check" CHECK ("cash_handovers"."difference" = "cash_handovers"."received_amount" - "cash_handovers"."amount")
);
--> statement-breakpoint
ALTER TABLE "cash_day_closes" ADD CONSTRAINT "cash_day_closes_collector_id_users_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_day_closes" ADD CONSTRAINT "cash_day_closes_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_day_closes" ADD CONSTRAINT "cash_day_closes_audit_id_audit_logs_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audit_logs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD CONSTRAINT "cash_handovers_collector_id_users_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD CONSTRAINT "cash_handovers_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD CONSTRAINT "cash_handovers_audit_id_audit_logs_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audit_logs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_day_closes_collector_day_key" ON "cash_day_closes" USING btree ("collector_id","business_date");--> statement-breakpoint
CREATE INDEX "cash_day_closes_business_date_idx" ON "cash_day_closes" USING btree ("business_date","id");--> statement-breakpoint
CREATE INDEX "cash_day_totals_business_date_idx" ON "cash_day_totals" USING btree ("business_date");--> statement-breakpoint
CREATE INDEX "cash_handovers_collector_idx" ON "cash_handovers" USING btree ("collector_id","business_date","id");--> statement-breakpoint
CREATE INDEX "cash_handovers_business_date_idx" ON "cash_handovers" USING btree ("business_date","id");