CREATE TABLE "mentor_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"is_mentor" boolean DEFAULT false NOT NULL,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"topic_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"capacity" integer DEFAULT 3 NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"accepting" boolean DEFAULT true NOT NULL,
	"active_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentor_profiles_capacity_check" CHECK ("mentor_profiles"."capacity" between 1 and 10),
	CONSTRAINT "mentor_profiles_active_count_check" CHECK ("mentor_profiles"."active_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mentor_topics" (
	"topic_key" text NOT NULL,
	"user_id" integer NOT NULL,
	"active_count" integer NOT NULL,
	CONSTRAINT "mentor_topics_pkey" PRIMARY KEY("user_id","topic_key")
);
--> statement-breakpoint
CREATE TABLE "mentorships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mentorships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mentor_id" integer,
	"mentee_id" integer,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	"conversation_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentorships_status_check" CHECK ("mentorships"."status" in ('pending', 'active', 'declined', 'cancelled', 'completed')),
	CONSTRAINT "mentorships_two_people_check" CHECK ("mentorships"."mentor_id" <> "mentorships"."mentee_id")
);
--> statement-breakpoint
ALTER TABLE "mentor_profiles" ADD CONSTRAINT "mentor_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_topics" ADD CONSTRAINT "mentor_topics_user_id_mentor_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."mentor_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentorships" ADD CONSTRAINT "mentorships_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentorships" ADD CONSTRAINT "mentorships_mentee_id_users_id_fk" FOREIGN KEY ("mentee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentorships" ADD CONSTRAINT "mentorships_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mentor_profiles_open_idx" ON "mentor_profiles" USING btree ("active_count","user_id") WHERE "mentor_profiles"."is_mentor" and "mentor_profiles"."accepting" and "mentor_profiles"."active_count" < "mentor_profiles"."capacity";--> statement-breakpoint
CREATE INDEX "mentor_profiles_mentors_idx" ON "mentor_profiles" USING btree ("active_count" DESC NULLS LAST,"user_id") WHERE "mentor_profiles"."is_mentor";--> statement-breakpoint
CREATE INDEX "mentor_topics_list_idx" ON "mentor_topics" USING btree ("topic_key","active_count","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mentorships_open_pair_idx" ON "mentorships" USING btree ("mentor_id","mentee_id") WHERE "mentorships"."status" in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "mentorships_mentor_created_idx" ON "mentorships" USING btree ("mentor_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mentorships_mentee_created_idx" ON "mentorships" USING btree ("mentee_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mentorships_created_idx" ON "mentorships" USING btree ("created_at","status");