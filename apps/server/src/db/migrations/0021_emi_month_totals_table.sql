CREATE TABLE "emi_month_loan_totals" (
	"month" date NOT NULL,
	"loan_id" integer NOT NULL,
	"scheduled" bigint NOT NULL,
	CONSTRAINT "emi_month_loan_totals_month_loan_id_pk" PRIMARY KEY("month","loan_id")
);
