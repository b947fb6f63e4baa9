ALTER TABLE "user_settings" ADD COLUMN "email_visible_to" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "phone_visible_to" text DEFAULT 'only_me' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "company_visible_to" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "location_visible_to" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "cohort_year_visible_to" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "skills_visible_to" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_email_visible_to_check" CHECK ("email_visible_to" in ('everyone', 'connections', 'only_me'));--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_phone_visible_to_check" CHECK ("phone_visible_to" in ('everyone', 'connections', 'only_me'));--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_company_visible_to_check" CHECK ("company_visible_to" in ('everyone', 'connections', 'only_me'));--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_location_visible_to_check" CHECK ("location_visible_to" in ('everyone', 'connections', 'only_me'));--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_cohort_year_visible_to_check" CHECK ("cohort_year_visible_to" in ('everyone', 'connections', 'only_me'));--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_skills_visible_to_check" CHECK ("skills_visible_to" in ('everyone', 'connections', 'only_me'));