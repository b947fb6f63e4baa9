-- Events of a space (issue #42): an event may belong to a community; a members-only space shows it to its members alone.
ALTER TABLE "events" ADD COLUMN "community_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_community_starts_idx" ON "events" USING btree ("community_id","starts_at","id") WHERE "events"."community_id" is not null;--> statement-breakpoint
-- A space's members, newest first (GET /api/communities/{slug}/members/).
CREATE INDEX "community_members_community_joined_idx" ON "community_members" USING btree ("community_id","created_at" DESC NULLS FIRST,"user_id" DESC NULLS FIRST);--> statement-breakpoint
-- Editing posts and comments: when the author last edited the text ("Edited").
ALTER TABLE "posts" ADD COLUMN "edited_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "edited_at" timestamp (3) with time zone;
