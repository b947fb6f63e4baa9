-- A directory page of two filters walks the first filter's index in page order and checks the other
-- on each person it reads (decision record 054). Those indexes now carry the other whole-value filters
-- after their page order (decision record 058), so the other filter is an index condition: an entry
-- that fails it is skipped in the index, without reading the person's row or their settings. The leading
-- columns are unchanged, so every statement that used an index still can.
DROP INDEX "users_directory_company_idx";
--> statement-breakpoint
CREATE INDEX "users_directory_company_idx" ON "users" USING btree (lower("company"),"created_at","id",lower("location"),"cohort_year","role","open_to_referrals");
--> statement-breakpoint
DROP INDEX "users_directory_location_idx";
--> statement-breakpoint
CREATE INDEX "users_directory_location_idx" ON "users" USING btree (lower("location"),"created_at","id","cohort_year","role","open_to_referrals");
--> statement-breakpoint
DROP INDEX "users_directory_cohort_idx";
--> statement-breakpoint
CREATE INDEX "users_directory_cohort_idx" ON "users" USING btree ("cohort_year","created_at","id","role","open_to_referrals");
--> statement-breakpoint
DROP INDEX "users_role_created_idx";
--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at","id","open_to_referrals");
--> statement-breakpoint
-- A skill's walk (user_skills, migration 0041) does the same: each row carries the person's other
-- whole-value filters (company and location lower-cased, as the filters match them), kept by the same
-- trigger in the writer's transaction, and user_skills_directory_idx holds them after the page order.
ALTER TABLE "user_skills" ADD COLUMN "company" text, ADD COLUMN "location" text, ADD COLUMN "cohort_year" integer,
  ADD COLUMN "role" text, ADD COLUMN "open_to_referrals" boolean;
--> statement-breakpoint
UPDATE user_skills s SET company = lower(u.company), location = lower(u.location), cohort_year = u.cohort_year,
  role = u.role, open_to_referrals = u.open_to_referrals
  FROM users u WHERE u.id = s.user_id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION alumlink_keep_user_skills() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.skills IS NOT DISTINCT FROM OLD.skills AND NEW.created_at = OLD.created_at
      AND lower(NEW.company) IS NOT DISTINCT FROM lower(OLD.company) AND lower(NEW.location) IS NOT DISTINCT FROM lower(OLD.location)
      AND NEW.cohort_year IS NOT DISTINCT FROM OLD.cohort_year AND NEW.role IS NOT DISTINCT FROM OLD.role
      AND NEW.open_to_referrals IS NOT DISTINCT FROM OLD.open_to_referrals THEN
      RETURN NULL;
    END IF;
    DELETE FROM user_skills WHERE user_id = OLD.id;
  END IF;
  INSERT INTO user_skills (skill, created_at, user_id, company, location, cohort_year, role, open_to_referrals)
    SELECT DISTINCT item, NEW.created_at, NEW.id, lower(NEW.company), lower(NEW.location), NEW.cohort_year, NEW.role, NEW.open_to_referrals
    FROM unnest(string_to_array(lower(NEW.skills), ', ')) AS item;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "users_keep_user_skills" ON "users";
--> statement-breakpoint
CREATE TRIGGER users_keep_user_skills
  AFTER INSERT OR UPDATE OF skills, created_at, company, location, cohort_year, role, open_to_referrals ON users
  FOR EACH ROW EXECUTE FUNCTION alumlink_keep_user_skills();
--> statement-breakpoint
CREATE INDEX "user_skills_directory_idx" ON "user_skills" USING btree ("skill","created_at","user_id","company","location","cohort_year","role","open_to_referrals");
