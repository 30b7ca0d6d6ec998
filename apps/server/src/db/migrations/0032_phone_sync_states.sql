CREATE TABLE "phone_sync_states" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"pending_count" integer NOT NULL,
	"last_synced_at" timestamp with time zone,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "phone_sync_states_pending_check" CHECK ("phone_sync_states"."pending_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "phone_sync_states" ADD CONSTRAINT "phone_sync_states_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;