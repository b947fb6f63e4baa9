-- Events get a venue, an end time and the time zone they are held in (the description exists).
ALTER TABLE "events" ADD COLUMN "venue" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ends_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_ends_after_start_check" CHECK ("events"."ends_at" is null or "events"."ends_at" > "events"."starts_at");
