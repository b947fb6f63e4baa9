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
--> statement-breakpoint
-- Hashtags (DESIGN 9.3): the tags of each post, kept with the post's time for a tag's page and trending.
CREATE TABLE "post_tags" (
	"post_id" integer NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "post_tags_pkey" PRIMARY KEY("post_id","tag")
);
--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "post_tags_tag_created_idx" ON "post_tags" USING btree ("tag","created_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "post_tags_created_idx" ON "post_tags" USING btree ("created_at");
