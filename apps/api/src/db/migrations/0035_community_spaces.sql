-- Community spaces (DESIGN 9.3, decision 034): a community's visibility, the space a post was
-- made in (null: the main feed only), and the moderators an administrator names per space.
ALTER TABLE "communities" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;
--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_visibility_check" CHECK ("visibility" in ('public', 'members'));
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "community_id" integer;
--> statement-breakpoint
-- A space with posts is not deleted from under them (its members-only posts must never become public).
ALTER TABLE "posts" ADD CONSTRAINT "posts_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
-- A space's feed: its live posts newest first (keyset on created_at, id).
CREATE INDEX "posts_community_created_idx" ON "posts" USING btree ("community_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "deleted_at" is null and "community_id" is not null;
--> statement-breakpoint
CREATE TABLE "community_moderators" (
	"community_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_moderators_pkey" PRIMARY KEY("community_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "community_moderators" ADD CONSTRAINT "community_moderators_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "community_moderators" ADD CONSTRAINT "community_moderators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "community_moderators_user_idx" ON "community_moderators" USING btree ("user_id");
