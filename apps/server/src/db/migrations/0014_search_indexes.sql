CREATE INDEX "emis_bounced_at_idx" ON "emis" USING btree ("bounced_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "emis"."bounce_status" is not null;--> statement-breakpoint
CREATE INDEX "loans_loan_code_trgm_idx" ON "loans" USING gin ("loan_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_mobile_trgm_idx" ON "users" USING gin ("mobile" gin_trgm_ops);