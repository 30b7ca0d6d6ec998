CREATE TABLE "holiday_moves" (
	"holiday_date" date NOT NULL,
	"loan_id" integer NOT NULL,
	"emi_number" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	CONSTRAINT "holiday_moves_holiday_date_loan_id_emi_number_pk" PRIMARY KEY("holiday_date","loan_id","emi_number")
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"date" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"loans_moved" integer DEFAULT 0 NOT NULL,
	"emis_moved" bigint DEFAULT 0 NOT NULL,
	"declared_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"emi_per_thousand" bigint,
	"min_tenure_days" integer NOT NULL,
	"max_tenure_days" integer NOT NULL,
	"off_days" smallint DEFAULT 0 NOT NULL,
	"bounce_charge" bigint DEFAULT 0 NOT NULL,
	"processing_fee" bigint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_products_amount_check" CHECK ("loan_products"."min_amount" > 0 and "loan_products"."max_amount" >= "loan_products"."min_amount"),
	CONSTRAINT "loan_products_tenure_check" CHECK ("loan_products"."min_tenure_days" >= 1 and "loan_products"."max_tenure_days" >= "loan_products"."min_tenure_days" and "loan_products"."max_tenure_days" <= 3650),
	CONSTRAINT "loan_products_off_days_check" CHECK ("loan_products"."off_days" >= 0 and "loan_products"."off_days" < 127),
	CONSTRAINT "loan_products_charges_check" CHECK ("loan_products"."bounce_charge" >= 0 and "loan_products"."processing_fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "product_terms" jsonb;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "off_days" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "skipped_days" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
ALTER TABLE "holiday_moves" ADD CONSTRAINT "holiday_moves_holiday_date_holidays_date_fk" FOREIGN KEY ("holiday_date") REFERENCES "public"."holidays"("date") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_moves" ADD CONSTRAINT "holiday_moves_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_declared_by_users_id_fk" FOREIGN KEY ("declared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holiday_moves_loan_id_idx" ON "holiday_moves" USING btree ("loan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_products_name_key" ON "loan_products" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loans_product_id_idx" ON "loans" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_off_days_check" CHECK ("loans"."off_days" >= 0 and "loans"."off_days" < 127);