-- Search everything (modules/search-everything, DESIGN 9.3) reads each kind's text-search document
-- from a stored generated column (db/search-documents.ts) instead of an expression: ranking a match
-- then reads the stored tsvector rather than parsing the text again with to_tsvector, and ANALYZE
-- keeps per-word statistics of the column, so the planner knows a common word from a rare one.
-- The GIN indexes move to the columns, with the same partial conditions as migration 0032.
DROP INDEX IF EXISTS "users_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "posts_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "jobs_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "events_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "communities_search_idx";
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "first_name" || ' ' || "last_name")) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "caption")) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "title" || ' ' || "company" || ' ' || "location" || ' ' || "description")) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "title" || ' ' || "host" || ' ' || "category" || ' ' || "description")) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "name" || ' ' || "description")) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_document");
--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_document") WHERE "deleted_at" is null;
--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin ("search_document") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("search_document");
--> statement-breakpoint
CREATE INDEX "communities_search_idx" ON "communities" USING gin ("search_document");
