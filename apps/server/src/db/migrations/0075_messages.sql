CREATE TABLE "message_channel_pacing" (
	"channel" text PRIMARY KEY NOT NULL,
	"paced_until" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"event" text NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"provider_template_id" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_event_channel_language_pk" PRIMARY KEY("event","channel","language")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"event" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"user_id" integer NOT NULL,
	"loan_id" integer,
	"language" text DEFAULT 'en' NOT NULL,
	"variables" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"due_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"subject" text,
	"body" text,
	"provider" text,
	"provider_message_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('queued', 'sending', 'sent', 'delivered', 'failed', 'cancelled')),
	CONSTRAINT "messages_channel_check" CHECK ("messages"."channel" in ('sms', 'whatsapp', 'email')),
	CONSTRAINT "messages_language_check" CHECK ("messages"."language" in ('en', 'hi'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "message_channels" text[] DEFAULT '{sms}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "messages_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_event_recipient_key" ON "messages" USING btree ("event_key","channel","recipient");--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("channel","due_at","id") WHERE "messages"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "messages_created_at_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_loan_idx" ON "messages" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "messages_provider_id_idx" ON "messages" USING btree ("provider_message_id") WHERE "messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_sent_idx" ON "messages" USING btree ("channel","sent_at") WHERE "messages"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "messages_failed_idx" ON "messages" USING btree ("channel","failed_at") WHERE "messages"."failed_at" is not null;