-- One row per background job (plugins/schedulers.ts): when it last ran, last succeeded, and its
-- last error. Every instance runs every job and writes here; the System page and /metrics read it.
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp (3) with time zone NOT NULL,
	"last_success_at" timestamp (3) with time zone,
	"last_error" text,
	"last_error_at" timestamp (3) with time zone,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- One row per failed run, kept a week, so "failures in the last 24 hours" is a count.
CREATE TABLE "job_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"failed_at" timestamp (3) with time zone NOT NULL,
	"error" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_failures_name_failed_at_idx" ON "job_failures" USING btree ("name","failed_at");
