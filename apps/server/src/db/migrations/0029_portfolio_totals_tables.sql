CREATE TABLE "loan_money_totals" (
	"loan_id" integer PRIMARY KEY NOT NULL,
	"paid" bigint NOT NULL,
	"principal" bigint NOT NULL,
	"last_money_day" date,
	"book_end" date
);
--> statement-breakpoint
CREATE TABLE "portfolio_day_collected" (
	"business_date" date NOT NULL,
	"agent_key" integer NOT NULL,
	"collected" bigint NOT NULL,
	CONSTRAINT "portfolio_day_collected_business_date_agent_key_pk" PRIMARY KEY("business_date","agent_key")
);
--> statement-breakpoint
CREATE TABLE "portfolio_day_risk" (
	"business_date" date NOT NULL,
	"agent_key" integer NOT NULL,
	"bucket" text NOT NULL,
	"loans" integer NOT NULL,
	"outstanding" bigint NOT NULL,
	"arrears" bigint NOT NULL,
	CONSTRAINT "portfolio_day_risk_business_date_agent_key_bucket_pk" PRIMARY KEY("business_date","agent_key","bucket")
);
--> statement-breakpoint
CREATE TABLE "portfolio_days" (
	"business_date" date PRIMARY KEY NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolio_day_collected" ADD CONSTRAINT "portfolio_day_collected_business_date_portfolio_days_business_date_fk" FOREIGN KEY ("business_date") REFERENCES "public"."portfolio_days"("business_date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_day_risk" ADD CONSTRAINT "portfolio_day_risk_business_date_portfolio_days_business_date_fk" FOREIGN KEY ("business_date") REFERENCES "public"."portfolio_days"("business_date") ON DELETE cascade ON UPDATE no action;