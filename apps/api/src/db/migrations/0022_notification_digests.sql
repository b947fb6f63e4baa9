CREATE TABLE "notification_digest_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_digest_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"category" text NOT NULL,
	"frequency" text NOT NULL,
	"text" text NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digest_items_category_check" CHECK ("notification_digest_items"."category" in ('like', 'comment', 'message', 'referral', 'mentoring', 'event', 'moderation')),
	CONSTRAINT "notification_digest_items_frequency_check" CHECK ("notification_digest_items"."frequency" in ('daily', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE "notification_digests" (
	"user_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"period_start" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digests_user_id_frequency_period_start_pk" PRIMARY KEY("user_id","frequency","period_start"),
	CONSTRAINT "notification_digests_frequency_check" CHECK ("notification_digests"."frequency" in ('daily', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"category" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_category_pk" PRIMARY KEY("user_id","category"),
	CONSTRAINT "notification_preferences_category_check" CHECK ("notification_preferences"."category" in ('like', 'comment', 'message', 'referral', 'mentoring', 'event', 'moderation')),
	CONSTRAINT "notification_preferences_email_check" CHECK ("notification_preferences"."email" in ('off', 'instant', 'daily', 'weekly'))
);
--> statement-breakpoint
ALTER TABLE "user_settings" DROP CONSTRAINT "user_settings_notification_check";--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD CONSTRAINT "notification_digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_digest_items_due_idx" ON "notification_digest_items" USING btree ("frequency","user_id","id");--> statement-breakpoint
CREATE INDEX "notification_digest_items_user_category_idx" ON "notification_digest_items" USING btree ("user_id","category");--> statement-breakpoint
-- Hand-written: whoever saved the single setting as In-App keeps e-mail off for every type.
INSERT INTO "notification_preferences" ("user_id", "category", "in_app", "email")
SELECT "user_id", "category", true, 'off' FROM "user_settings"
CROSS JOIN (VALUES ('like'), ('comment'), ('message'), ('referral'), ('mentoring'), ('event'), ('moderation')) AS "categories" ("category")
WHERE "notification_type" = 'In-App';--> statement-breakpoint
ALTER TABLE "user_settings" DROP COLUMN "notification_type";