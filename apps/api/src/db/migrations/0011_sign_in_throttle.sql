CREATE TABLE "sign_in_addresses" (
	"user_id" integer NOT NULL,
	"address_key" text NOT NULL,
	"last_sign_in_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "sign_in_addresses_user_id_address_key_pk" PRIMARY KEY("user_id","address_key")
);
--> statement-breakpoint
CREATE TABLE "sign_in_throttles" (
	"account_key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp (3) with time zone NOT NULL,
	"blocked_until" timestamp (3) with time zone,
	"unlock_mailed_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "sign_in_addresses" ADD CONSTRAINT "sign_in_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_throttles_last_failure_idx" ON "sign_in_throttles" USING btree ("last_failure_at");--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_purpose_check" CHECK ("one_time_codes"."purpose" in ('verify', 'reset', 'sign-in', 'email-change', 'unlock'));