ALTER TABLE "emi_payments" DROP CONSTRAINT "emi_payments_mode_check";--> statement-breakpoint
ALTER TABLE "emi_payments" ADD COLUMN "emi_date" date;--> statement-breakpoint
ALTER TABLE "emi_payments" ADD COLUMN "emi_amount" bigint;--> statement-breakpoint
ALTER TABLE "emi_payments" ADD COLUMN "emi_late_charge" bigint;--> statement-breakpoint
ALTER TABLE "loan_ledger" ADD COLUMN "business_date" date;--> statement-breakpoint
ALTER TABLE "loan_ledger" ADD COLUMN "payment_mode" text;--> statement-breakpoint
ALTER TABLE "loan_ledger" ADD COLUMN "payment_id" bigint;--> statement-breakpoint
ALTER TABLE "loan_ledger" ADD COLUMN "audit_id" bigint;--> statement-breakpoint
ALTER TABLE "loan_ledger" ADD CONSTRAINT "loan_ledger_payment_id_emi_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."emi_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_ledger" ADD CONSTRAINT "loan_ledger_audit_id_audit_logs_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audit_logs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_ledger_business_date_idx" ON "loan_ledger" USING btree ("business_date","actor_id");--> statement-breakpoint
CREATE INDEX "loan_ledger_payment_id_idx" ON "loan_ledger" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "loan_ledger_audit_id_idx" ON "loan_ledger" USING btree ("audit_id");--> statement-breakpoint
ALTER TABLE "emi_payments" ADD CONSTRAINT "emi_payments_mode_check" CHECK ("emi_payments"."payment_mode" in ('cash', 'upi', 'bank_transfer', 'cheque', 'card', 'other', 'credit'));--> statement-breakpoint
ALTER TABLE "loan_ledger" ADD CONSTRAINT "loan_ledger_payment_mode_check" CHECK ("loan_ledger"."payment_mode" is null or "loan_ledger"."payment_mode" in ('cash', 'upi', 'bank_transfer', 'cheque', 'card', 'other', 'credit'));