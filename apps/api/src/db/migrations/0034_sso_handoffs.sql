-- Single sign-on's one-time codes (modules/single-sign-on): hashed, single use, a minute long.
CREATE TABLE "sso_handoffs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sso_handoffs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"consumed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_handoffs_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "sso_handoffs" ADD CONSTRAINT "sso_handoffs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_handoffs_expires_idx" ON "sso_handoffs" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_handoffs_user_idx" ON "sso_handoffs" USING btree ("user_id");
