-- Search everything (modules/search-everything, DESIGN 9.3): one GIN index per kind on the
-- text-search document its queries build (db/search-documents.ts), so websearch_to_tsquery matches
-- are looked up, not scanned. Names use the 'simple' configuration, prose 'english'. Only what a
-- list may show is indexed: live posts, open jobs. People are indexed by name alone (never e-mail).
CREATE INDEX "posts_search_idx" ON "posts" USING gin (to_tsvector('english'::regconfig, "caption")) WHERE "deleted_at" is null;
--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (to_tsvector('simple'::regconfig, "first_name" || ' ' || "last_name"));
--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin (to_tsvector('english'::regconfig, "title" || ' ' || "company" || ' ' || "location" || ' ' || "description")) WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin (to_tsvector('english'::regconfig, "title" || ' ' || "host" || ' ' || "category" || ' ' || "description"));
--> statement-breakpoint
CREATE INDEX "communities_search_idx" ON "communities" USING gin (to_tsvector('english'::regconfig, "name" || ' ' || "description"));
