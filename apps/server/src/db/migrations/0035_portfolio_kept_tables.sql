CREATE TABLE "portfolio_agent_days" (
	"business_date" date NOT NULL,
	"agent_key" integer NOT NULL,
	"dated" bigint NOT NULL,
	"collected" bigint NOT NULL,
	CONSTRAINT "portfolio_agent_days_business_date_agent_key_pk" PRIMARY KEY("business_date","agent_key")
);
--> statement-breakpoint
CREATE TABLE "portfolio_due_groups" (
	"agent_key" integer NOT NULL,
	"due_day" date NOT NULL,
	"loans" integer NOT NULL,
	"outstanding" bigint NOT NULL,
	CONSTRAINT "portfolio_due_groups_agent_key_due_day_pk" PRIMARY KEY("agent_key","due_day")
);
