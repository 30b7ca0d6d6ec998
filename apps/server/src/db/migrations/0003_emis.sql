CREATE TABLE "emi_bounces" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"emi_id" bigint,
	"emi_number" integer NOT NULL,
	"emi_amount" bigint NOT NULL,
	"charge" bigint NOT NULL,
	"amount_due" bigint NOT NULL,
	"bounce_sequence" integer NOT NULL,
	"reason" text NOT NULL,
	"notes" text,
	"rolled_to" integer,
	"bounced_by" integer NOT NULL,
	"bounced_on" date NOT NULL,
	"bounced_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emi_bounces_charge_check" CHECK ("emi_bounces"."charge" >= 0)
);
--> statement-breakpoint
CREATE TABLE "emi_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"emi_id" bigint,
	"emi_number" integer NOT NULL,
	"payment_type" text NOT NULL,
	"payment_mode" text NOT NULL,
	"amount" bigint NOT NULL,
	"late_charge_levied" bigint DEFAULT 0 NOT NULL,
	"partial_payment_amount" bigint,
	"remaining_balance" bigint,
	"carried_amount" bigint DEFAULT 0 NOT NULL,
	"carried_to_emi" integer,
	"collected_by" integer NOT NULL,
	"payment_date" date NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emi_payments_type_check" CHECK ("emi_payments"."payment_type" in ('full', 'emi_only', 'partial')),
	CONSTRAINT "emi_payments_mode_check" CHECK ("emi_payments"."payment_mode" in ('cash', 'upi', 'bank_transfer', 'cheque', 'card', 'other')),
	CONSTRAINT "emi_payments_amount_check" CHECK ("emi_payments"."amount" >= 0 and "emi_payments"."late_charge_levied" >= 0)
);
--> statement-breakpoint
ALTER TABLE "emi_bounces" ADD CONSTRAINT "emi_bounces_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emi_bounces" ADD CONSTRAINT "emi_bounces_emi_id_emis_id_fk" FOREIGN KEY ("emi_id") REFERENCES "public"."emis"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emi_bounces" ADD CONSTRAINT "emi_bounces_bounced_by_users_id_fk" FOREIGN KEY ("bounced_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emi_payments" ADD CONSTRAINT "emi_payments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emi_payments" ADD CONSTRAINT "emi_payments_emi_id_emis_id_fk" FOREIGN KEY ("emi_id") REFERENCES "public"."emis"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emi_payments" ADD CONSTRAINT "emi_payments_collected_by_users_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emi_bounces_loan_id_idx" ON "emi_bounces" USING btree ("loan_id","emi_number");--> statement-breakpoint
CREATE INDEX "emi_bounces_emi_id_idx" ON "emi_bounces" USING btree ("emi_id");--> statement-breakpoint
CREATE INDEX "emi_bounces_bounced_by_idx" ON "emi_bounces" USING btree ("bounced_by","bounced_at");--> statement-breakpoint
CREATE INDEX "emi_bounces_bounced_at_idx" ON "emi_bounces" USING btree ("bounced_at");--> statement-breakpoint
CREATE INDEX "emi_payments_loan_id_idx" ON "emi_payments" USING btree ("loan_id","emi_number");--> statement-breakpoint
CREATE INDEX "emi_payments_emi_id_idx" ON "emi_payments" USING btree ("emi_id");--> statement-breakpoint
CREATE INDEX "emi_payments_collected_by_idx" ON "emi_payments" USING btree ("collected_by","paid_at");--> statement-breakpoint
CREATE INDEX "emi_payments_paid_at_idx" ON "emi_payments" USING btree ("paid_at");