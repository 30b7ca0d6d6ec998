CREATE TABLE "update_statuses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"required_version" text,
	"current_version" text,
	"status" text NOT NULL,
	"comments" text,
	"user_id" integer,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "update_statuses" ADD CONSTRAINT "update_statuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "update_statuses_user_id_idx" ON "update_statuses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "update_statuses_status_idx" ON "update_statuses" USING btree ("status");--> statement-breakpoint
CREATE INDEX "update_statuses_required_version_idx" ON "update_statuses" USING btree ("required_version");--> statement-breakpoint
CREATE INDEX "auth_tokens_last_used_at_idx" ON "auth_tokens" USING btree ("last_used_at");