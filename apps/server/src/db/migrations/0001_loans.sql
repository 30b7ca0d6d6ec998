CREATE SEQUENCE "public"."loan_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "credit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"emi_number" integer NOT NULL,
	"event_type" text NOT NULL,
	"emi_amount" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"event_date" date NOT NULL,
	"bounce_reason" text,
	"bounce_sequence" integer,
	"charges_applied" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emis" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"emi_number" integer NOT NULL,
	"emi_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"late_charge" bigint DEFAULT 0 NOT NULL,
	"carried_instalment" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_type" text,
	"paid_at" timestamp with time zone,
	"payment_date" date,
	"partial_payment_amount" bigint,
	"remaining_balance" bigint,
	"bounce_count" integer DEFAULT 0 NOT NULL,
	"bounced_at" timestamp with time zone,
	"bounced_on" date,
	"bounced_reason" text,
	"bounce_status" text,
	"dues_with" integer,
	"foreclosure_amount" bigint,
	"foreclosure_date" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emis_status_check" CHECK ("emis"."status" in ('pending', 'paid', 'partial', 'bounced', 'foreclosed'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "loan_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"cause" text NOT NULL,
	"emi_number" integer NOT NULL,
	"to_emi_number" integer,
	"reverses" text,
	"amount" bigint NOT NULL,
	"instalment" bigint NOT NULL,
	"penalty" bigint NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_ledger_amount_check" CHECK ("loan_ledger"."amount" = "loan_ledger"."instalment" + "loan_ledger"."penalty")
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_number" integer NOT NULL,
	"loan_code" text NOT NULL,
	"customer_id" integer NOT NULL,
	"created_by" integer,
	"loan_amount" bigint NOT NULL,
	"per_day_emi" bigint NOT NULL,
	"total_emi_days" integer NOT NULL,
	"total_repayable" bigint NOT NULL,
	"interest_amount" bigint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"loan_reason" text,
	"payment_method" text,
	"received_by_image" text,
	"status" text DEFAULT 'pending_acceptance' NOT NULL,
	"foreclosure_type" text,
	"foreclosure_amount" bigint,
	"foreclosure_remaining_amount" bigint,
	"foreclosure_date" date,
	"foreclosure_reason" text,
	"foreclosure_notes" text,
	"foreclosed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_status_check" CHECK ("loans"."status" in ('pending_acceptance', 'accepted', 'processing', 'approved', 'closed', 'default')),
	CONSTRAINT "loans_money_check" CHECK ("loans"."loan_amount" > 0 and "loans"."per_day_emi" > 0 and "loans"."total_emi_days" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_events" ADD CONSTRAINT "credit_events_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_events" ADD CONSTRAINT "credit_events_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emis" ADD CONSTRAINT "emis_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_ledger" ADD CONSTRAINT "loan_ledger_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_ledger" ADD CONSTRAINT "loan_ledger_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_foreclosed_by_users_id_fk" FOREIGN KEY ("foreclosed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_events_customer_id_idx" ON "credit_events" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_events_loan_id_idx" ON "credit_events" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "credit_events_created_at_idx" ON "credit_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "emis_loan_id_emi_number_key" ON "emis" USING btree ("loan_id","emi_number");--> statement-breakpoint
CREATE INDEX "emis_emi_date_status_idx" ON "emis" USING btree ("emi_date","status");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "loan_ledger_loan_id_idx" ON "loan_ledger" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "loan_ledger_created_at_idx" ON "loan_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "loan_ledger_actor_id_idx" ON "loan_ledger" USING btree ("actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_loan_number_key" ON "loans" USING btree ("loan_number");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_loan_code_key" ON "loans" USING btree ("loan_code");--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" USING btree ("status");--> statement-breakpoint
CREATE INDEX "loans_customer_id_idx" ON "loans" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "loans_start_date_idx" ON "loans" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "loans_created_at_idx" ON "loans" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "loans_created_by_idx" ON "loans" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "loans_foreclosed_by_idx" ON "loans" USING btree ("foreclosed_by");