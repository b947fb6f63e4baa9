-- The directory's skill filter in page order (decision record 042): one row per person and
-- lower-cased skill item of users.skills (the items of string_to_array(lower(skills), ', '), as the
-- filter matches them), with the person's created_at, so a page of a skill walks
-- user_skills_pkey newest first from its cursor instead of reading every person with the skill.
-- Kept by a row trigger in the writer's transaction (insert, a change of skills or created_at);
-- a person's rows go with them (on delete cascade). No privacy is stored here: the page applies
-- the listing and field rules to each person it reads, as before.
-- The table is filled before its keys and index are built (one pass each, not a probe per row).
CREATE TABLE "user_skills" (
  "skill" text NOT NULL,
  "created_at" timestamptz NOT NULL,
  "user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION alumlink_keep_user_skills() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.skills IS NOT DISTINCT FROM OLD.skills AND NEW.created_at = OLD.created_at THEN
      RETURN NULL;
    END IF;
    DELETE FROM user_skills WHERE user_id = OLD.id;
  END IF;
  INSERT INTO user_skills (skill, created_at, user_id)
    SELECT DISTINCT item, NEW.created_at, NEW.id FROM unnest(string_to_array(lower(NEW.skills), ', ')) AS item;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_keep_user_skills
  AFTER INSERT OR UPDATE OF skills, created_at ON users
  FOR EACH ROW EXECUTE FUNCTION alumlink_keep_user_skills();
--> statement-breakpoint
INSERT INTO user_skills (skill, created_at, user_id)
  SELECT DISTINCT item, u.created_at, u.id FROM users u CROSS JOIN LATERAL unnest(string_to_array(lower(u.skills), ', ')) AS item;
--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_pkey" PRIMARY KEY ("skill", "created_at", "user_id");
--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX "user_skills_user_idx" ON "user_skills" USING btree ("user_id");
