-- Trigram indexes below need pg_trgm (trusted: a database owner may create it; PGlite loads it in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "emis_due_list_idx" ON "emis" USING btree ("emi_date","status","loan_id","emi_number","amount","late_charge");--> statement-breakpoint
CREATE INDEX "emis_bounced_loan_idx" ON "emis" USING btree ("loan_id") WHERE "emis"."status" = 'bounced';--> statement-breakpoint
CREATE INDEX "loans_loan_code_trgm_idx" ON "loans" USING gin ("loan_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_mobile_trgm_idx" ON "users" USING gin ("mobile" gin_trgm_ops);