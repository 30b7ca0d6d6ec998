DROP INDEX "loan_ledger_created_at_idx";--> statement-breakpoint
DROP INDEX "loan_ledger_payment_id_idx";--> statement-breakpoint
CREATE INDEX "loan_ledger_created_at_idx" ON "loan_ledger" USING btree ("created_at") WHERE "loan_ledger"."business_date" is null;--> statement-breakpoint
CREATE INDEX "loan_ledger_payment_id_idx" ON "loan_ledger" USING btree ("payment_id") WHERE "loan_ledger"."payment_id" is not null;