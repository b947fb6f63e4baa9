-- Leaving (DESIGN 7): an alumnus's offers and the requests made on them stay for the requesters and
-- the outcomes, with the owner gone (null); a leaver's own requests stay anonymised for the
-- offers' owners and the outcomes. Queued digest items know who they name, so a leave drops them.
ALTER TABLE "referrals" DROP CONSTRAINT "referrals_alumni_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "referrals" ALTER COLUMN "alumni_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_alumni_id_users_id_fk" FOREIGN KEY ("alumni_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_requests" DROP CONSTRAINT "referral_requests_requester_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "referral_requests" ALTER COLUMN "requester_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD CONSTRAINT "referral_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD CONSTRAINT "notification_digest_items_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_digest_items_actor_idx" ON "notification_digest_items" USING btree ("actor_id") WHERE "notification_digest_items"."actor_id" is not null;
