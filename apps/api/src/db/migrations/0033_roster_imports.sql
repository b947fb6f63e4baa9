-- Roster imports (DESIGN 9.1): one row per import an administrator started, with its progress so
-- any instance can report it, and the rows it rejected (for the errors list and rejected.csv).
CREATE TABLE "roster_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roster_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"admin_id" integer,
	"admin_label" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"invited" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"heartbeat_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_imports_status_check" CHECK ("roster_imports"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "roster_import_rejects" (
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"cohort" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "roster_import_rejects_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_import_rejects" ADD CONSTRAINT "roster_import_rejects_import_id_roster_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."roster_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_imports_created_idx" ON "roster_imports" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "roster_imports_running_idx" ON "roster_imports" USING btree ("heartbeat_at") WHERE "roster_imports"."status" = 'running';--> statement-breakpoint
CREATE INDEX "roster_import_rejects_email_idx" ON "roster_import_rejects" USING btree (lower("email"));
