-- A connection is mutual (DESIGN 7): both people have written in their conversation, or they
-- have an accepted (active) or completed mentorship. Starting a conversation alone connects nobody.
ALTER TABLE "conversations" ADD COLUMN "both_wrote" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "conversations" c SET "both_wrote" = true
WHERE exists (select 1 from "messages" m where m."conversation_id" = c."id" and m."sender_id" = c."user_a_id")
  AND exists (select 1 from "messages" m where m."conversation_id" = c."id" and m."sender_id" = c."user_b_id");
--> statement-breakpoint
CREATE INDEX "mentorships_connected_pair_idx" ON "mentorships" USING btree (least("mentor_id", "mentee_id"), greatest("mentor_id", "mentee_id")) WHERE "mentorships"."status" in ('active', 'completed');
--> statement-breakpoint
-- Usernames are never derived from a hidden field: those made from the e-mail's local part
-- become name-based ones (first_last, de-duplicated with a number); the old one stays an alias.
CREATE TABLE "username_aliases" (
  "old_username" text PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "username_aliases" ADD CONSTRAINT "username_aliases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "username_aliases_user_idx" ON "username_aliases" USING btree ("user_id");
--> statement-breakpoint
DO $$
DECLARE
  person record;
  local text;
  plain text;
  base text;
  candidate text;
  n integer;
BEGIN
  FOR person IN SELECT "id", "username", "email", "first_name", "last_name" FROM "users" ORDER BY "id" LOOP
    local := regexp_replace(lower(split_part(person."email", '@', 1)), '[^a-z0-9]', '', 'g');
    plain := regexp_replace(lower(person."username"), '[^a-z0-9]', '', 'g');
    -- Derived: the local part (letters and digits only, maybe cut to 24), then maybe a number.
    CONTINUE WHEN local = '' OR NOT (plain ~ ('^' || left(local, 24) || '[0-9]*$') OR plain ~ ('^' || local || '[0-9]*$'));
    base := left(trim(both '_' from regexp_replace(lower(translate(
      person."first_name" || ' ' || person."last_name",
      'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿŠšŽžŁłŚśĆćŃńŹźŻżĘęĄą',
      'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyySsZzLlSsCcNnZzZzEeAa'
    )), '[^a-z0-9]+', '_', 'g')), 24);
    IF base = '' THEN base := 'member'; END IF;
    candidate := base;
    n := 1;
    WHILE candidate <> person."username" AND (
      exists (select 1 from "users" where "username" = candidate)
      OR exists (select 1 from "username_aliases" where "old_username" = candidate)
    ) LOOP
      n := n + 1;
      candidate := base || n;
    END LOOP;
    CONTINUE WHEN candidate = person."username";
    INSERT INTO "username_aliases" ("old_username", "user_id") VALUES (person."username", person."id");
    UPDATE "users" SET "username" = candidate WHERE "id" = person."id";
  END LOOP;
END $$;
