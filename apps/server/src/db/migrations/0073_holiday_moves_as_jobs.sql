ALTER TABLE "holidays" ADD COLUMN "moved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "holidays" ADD COLUMN "job_id" integer;