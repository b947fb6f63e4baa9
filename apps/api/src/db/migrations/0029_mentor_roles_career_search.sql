-- Mentor cards of people an admin demoted before a role change paused them (mentoring.service
-- applyRoleToMentorCard): they take no new mentees and leave the topic lists.
UPDATE "mentor_profiles" SET "accepting" = false, "updated_at" = now()
WHERE "accepting" AND "user_id" IN (SELECT "id" FROM "users" WHERE "role" NOT IN ('AL', 'AD'));
--> statement-breakpoint
DELETE FROM "mentor_topics" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "role" NOT IN ('AL', 'AD'));
