CREATE TABLE "app_update_configs" (
	"platform" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"min_version" text NOT NULL,
	"changelog" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"force_update" boolean DEFAULT false NOT NULL,
	"file_name" text,
	"file_size" bigint,
	"release_date" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
