CREATE TABLE "referral_request_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_request_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"actor_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_request_events_status_check" CHECK ("referral_request_events"."status" in ('requested', 'referred', 'interviewing', 'hired', 'not_selected', 'declined', 'withdrawn', 'expired', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "referral_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referral_id" integer NOT NULL,
	"requester_id" integer NOT NULL,
	"message" text NOT NULL,
	"resume_url" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"referred_at" timestamp (3) with time zone,
	CONSTRAINT "referral_requests_status_check" CHECK ("referral_requests"."status" in ('requested', 'referred', 'interviewing', 'hired', 'not_selected', 'declined', 'withdrawn', 'expired', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "referral_request_events" ADD CONSTRAINT "referral_request_events_request_id_referral_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."referral_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_request_events" ADD CONSTRAINT "referral_request_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD CONSTRAINT "referral_requests_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD CONSTRAINT "referral_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_request_events_request_idx" ON "referral_request_events" USING btree ("request_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_requests_one_active_idx" ON "referral_requests" USING btree ("referral_id","requester_id") WHERE "referral_requests"."status" in ('requested', 'referred', 'interviewing');--> statement-breakpoint
CREATE INDEX "referral_requests_referral_created_idx" ON "referral_requests" USING btree ("referral_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referral_requests_requester_created_idx" ON "referral_requests" USING btree ("requester_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referral_requests_waiting_idx" ON "referral_requests" USING btree ("created_at") WHERE "referral_requests"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "referral_requests_created_idx" ON "referral_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_referral_company_idx" ON "users" USING btree (lower("company"),"id") WHERE "users"."open_to_referrals" and "users"."role" = 'AL';