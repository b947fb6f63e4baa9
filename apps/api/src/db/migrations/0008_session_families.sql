CREATE TABLE "session_families" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "session_families" ADD CONSTRAINT "session_families_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_families_user_idx" ON "session_families" USING btree ("user_id");--> statement-breakpoint
-- Hand-written: one family row per existing refresh-token family. A family started with its
-- oldest token; it has ended when none of its tokens is left unrevoked.
INSERT INTO "session_families" ("id", "user_id", "started_at", "ended_at")
SELECT "family", min("user_id"), min("created_at"), CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN max("revoked_at") END
FROM "refresh_sessions" GROUP BY "family";--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD CONSTRAINT "refresh_sessions_family_session_families_id_fk" FOREIGN KEY ("family") REFERENCES "public"."session_families"("id") ON DELETE cascade ON UPDATE no action;