CREATE TABLE "audit_action_counts" (
	"action" text PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_count_marks" (
	"id" integer PRIMARY KEY NOT NULL,
	"through_id" bigint NOT NULL
);
