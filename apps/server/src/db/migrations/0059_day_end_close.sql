CREATE TABLE "day_end_closes" (
	"business_date" date PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"job_id" integer,
	"started_by" integer,
	"runs" integer DEFAULT 1 NOT NULL,
	"loans" integer DEFAULT 0 NOT NULL,
	"changes" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "day_end_closes_status_check" CHECK ("day_end_closes"."status" in ('running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "loan_class_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"from_class" text NOT NULL,
	"to_class" text NOT NULL,
	"from_own" text NOT NULL,
	"to_own" text NOT NULL,
	"days_past_due" integer NOT NULL,
	"reason" text NOT NULL,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_class_changes_reason_check" CHECK ("loan_class_changes"."reason" in ('days_past_due', 'borrower_npa', 'arrears_paid'))
);
--> statement-breakpoint
CREATE TABLE "loan_class_day_totals" (
	"business_date" date NOT NULL,
	"agent_key" integer NOT NULL,
	"loan_class" text NOT NULL,
	"loans" integer NOT NULL,
	"outstanding" bigint NOT NULL,
	CONSTRAINT "loan_class_day_totals_business_date_agent_key_loan_class_pk" PRIMARY KEY("business_date","agent_key","loan_class")
);
--> statement-breakpoint
CREATE TABLE "loan_class_days" (
	"business_date" date NOT NULL,
	"loan_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"agent_key" integer NOT NULL,
	"loan_class" text NOT NULL,
	"own_class" text NOT NULL,
	"previous_class" text NOT NULL,
	"by_borrower" boolean NOT NULL,
	"days_past_due" integer NOT NULL,
	"since" date NOT NULL,
	"outstanding" bigint NOT NULL,
	"arrears" bigint NOT NULL,
	CONSTRAINT "loan_class_days_business_date_loan_id_pk" PRIMARY KEY("business_date","loan_id"),
	CONSTRAINT "loan_class_days_class_check" CHECK ("loan_class_days"."loan_class" in ('standard', 'sma0', 'sma1', 'sma2', 'npa') and "loan_class_days"."loan_class" <> 'standard'),
	CONSTRAINT "loan_class_days_own_check" CHECK ("loan_class_days"."own_class" in ('standard', 'sma0', 'sma1', 'sma2', 'npa'))
);
--> statement-breakpoint
ALTER TABLE "day_end_closes" ADD CONSTRAINT "day_end_closes_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_end_closes" ADD CONSTRAINT "day_end_closes_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_class_changes" ADD CONSTRAINT "loan_class_changes_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_class_day_totals" ADD CONSTRAINT "loan_class_day_totals_business_date_day_end_closes_business_date_fk" FOREIGN KEY ("business_date") REFERENCES "public"."day_end_closes"("business_date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_class_days" ADD CONSTRAINT "loan_class_days_business_date_day_end_closes_business_date_fk" FOREIGN KEY ("business_date") REFERENCES "public"."day_end_closes"("business_date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_class_days" ADD CONSTRAINT "loan_class_days_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_class_changes_loan_idx" ON "loan_class_changes" USING btree ("loan_id","business_date");--> statement-breakpoint
CREATE INDEX "loan_class_changes_day_idx" ON "loan_class_changes" USING btree ("business_date") WHERE "loan_class_changes"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "loan_class_days_class_idx" ON "loan_class_days" USING btree ("business_date","loan_class","loan_id");--> statement-breakpoint
CREATE INDEX "loan_class_days_agent_idx" ON "loan_class_days" USING btree ("business_date","agent_key","loan_id");