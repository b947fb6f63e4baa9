CREATE TABLE "cohorts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cohorts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"year" integer NOT NULL,
	"intern_from" date,
	"alumni_from" date NOT NULL,
	"intern_applied_at" timestamp (3) with time zone,
	"alumni_applied_at" timestamp (3) with time zone,
	"members_count" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cohort_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"cohort_id" integer NOT NULL,
	"joined_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hand_set_roles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"set_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"cohort_id" integer,
	"token_hash" text NOT NULL,
	"invited_by_id" integer,
	"invited_by_label" text NOT NULL,
	"sent_count" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"accepted_at" timestamp (3) with time zone,
	"accepted_user_id" integer,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_role_check" CHECK ("invitations"."role" in ('TR', 'IN', 'AL'))
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cohort_members" ADD CONSTRAINT "cohort_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_members" ADD CONSTRAINT "cohort_members_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_set_roles" ADD CONSTRAINT "hand_set_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cohorts_name_lower_unique" ON "cohorts" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "cohorts_alumni_from_idx" ON "cohorts" USING btree ("alumni_from" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cohorts_alumni_pending_idx" ON "cohorts" USING btree ("alumni_from") WHERE "cohorts"."alumni_applied_at" is null;--> statement-breakpoint
CREATE INDEX "cohorts_intern_pending_idx" ON "cohorts" USING btree ("intern_from") WHERE "cohorts"."intern_applied_at" is null and "cohorts"."intern_from" is not null;--> statement-breakpoint
CREATE INDEX "cohort_members_cohort_idx" ON "cohort_members" USING btree ("cohort_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_unique" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_created_idx" ON "invitations" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree (lower("email"));--> statement-breakpoint
-- Hand-written: a cohort's member count follows its member rows (DESIGN 6: counters on the row).
CREATE OR REPLACE FUNCTION alumlink_cohort_members_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE cohorts SET members_count = members_count - 1 WHERE id = OLD.cohort_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE cohorts SET members_count = members_count + 1 WHERE id = NEW.cohort_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER cohort_members_count AFTER INSERT OR DELETE OR UPDATE OF cohort_id ON cohort_members
  FOR EACH ROW EXECUTE FUNCTION alumlink_cohort_members_count();--> statement-breakpoint
-- Hand-written: the lifecycle notification category (cohort steps) joins the settings matrix.
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_category_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_category_check" CHECK ("notification_preferences"."category" in ('like', 'comment', 'message', 'referral', 'mentoring', 'event', 'moderation', 'lifecycle'));--> statement-breakpoint
ALTER TABLE "notification_digest_items" DROP CONSTRAINT "notification_digest_items_category_check";--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD CONSTRAINT "notification_digest_items_category_check" CHECK ("notification_digest_items"."category" in ('like', 'comment', 'message', 'referral', 'mentoring', 'event', 'moderation', 'lifecycle'));
