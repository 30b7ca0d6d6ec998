CREATE TABLE "import_collections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"match_key" text NOT NULL,
	"import_id" integer,
	"sheet" text NOT NULL,
	"row_number" integer NOT NULL,
	"status" text NOT NULL,
	"loan_text" text NOT NULL,
	"amount" bigint NOT NULL,
	"collected_on" date NOT NULL,
	"payment_mode" text NOT NULL,
	"utr" text,
	"reason" text,
	"loan_id" integer,
	"payment_id" bigint,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_collections_status_check" CHECK ("import_collections"."status" in ('paid', 'to_match', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "import_column_mappings" (
	"kind" text NOT NULL,
	"column_key" text NOT NULL,
	"header" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_column_mappings_kind_column_key_pk" PRIMARY KEY("kind","column_key")
);
--> statement-breakpoint
CREATE TABLE "import_references" (
	"kind" text NOT NULL,
	"reference_key" text NOT NULL,
	"reference" text NOT NULL,
	"record_id" integer NOT NULL,
	"import_id" integer,
	"row_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_references_kind_reference_key_pk" PRIMARY KEY("kind","reference_key"),
	CONSTRAINT "import_references_kind_check" CHECK ("import_references"."kind" in ('customer', 'loan'))
);
--> statement-breakpoint
CREATE TABLE "import_row_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"sheet" text NOT NULL,
	"row_number" integer NOT NULL,
	"column" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"cut_over_date" date NOT NULL,
	"sheets" jsonb NOT NULL,
	"summary" jsonb,
	"error_count" integer DEFAULT 0 NOT NULL,
	"uploaded_by" integer,
	"check_job_id" integer,
	"commit_job_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"committed_at" timestamp with time zone,
	CONSTRAINT "imports_status_check" CHECK ("imports"."status" in ('uploaded', 'checking', 'checked', 'committing', 'committed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "import_collections" ADD CONSTRAINT "import_collections_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_collections" ADD CONSTRAINT "import_collections_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_collections" ADD CONSTRAINT "import_collections_payment_id_emi_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."emi_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_collections" ADD CONSTRAINT "import_collections_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_column_mappings" ADD CONSTRAINT "import_column_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_references" ADD CONSTRAINT "import_references_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_row_errors" ADD CONSTRAINT "import_row_errors_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_check_job_id_jobs_id_fk" FOREIGN KEY ("check_job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_commit_job_id_jobs_id_fk" FOREIGN KEY ("commit_job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_collections_match_key_idx" ON "import_collections" USING btree ("match_key");--> statement-breakpoint
CREATE INDEX "import_collections_status_idx" ON "import_collections" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "import_references_record_idx" ON "import_references" USING btree ("kind","record_id");--> statement-breakpoint
CREATE INDEX "import_row_errors_import_idx" ON "import_row_errors" USING btree ("import_id","id");--> statement-breakpoint
CREATE INDEX "imports_created_at_idx" ON "imports" USING btree ("created_at","id");