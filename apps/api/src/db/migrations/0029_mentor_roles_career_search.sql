-- Mentor cards of people an admin demoted before a role change paused them (mentoring.service
-- applyRoleToMentorCard): they take no new mentees and leave the topic lists.
UPDATE "mentor_profiles" SET "accepting" = false, "updated_at" = now()
WHERE "accepting" AND "user_id" IN (SELECT "id" FROM "users" WHERE "role" NOT IN ('AL', 'AD'));
--> statement-breakpoint
DELETE FROM "mentor_topics" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "role" NOT IN ('AL', 'AD'));
--> statement-breakpoint
-- People search over the career fields (modules/search/search.repository.ts): substrings by trigram.
CREATE INDEX IF NOT EXISTS "users_job_title_trgm" ON "users" USING gin (lower("job_title") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_headline_trgm" ON "users" USING gin (lower("headline") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_company_trgm" ON "users" USING gin (lower("company") gin_trgm_ops);
