CREATE TABLE "code_address_tries" (
	"code_id" integer NOT NULL,
	"address_key" text NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "code_address_tries_code_id_address_key_pk" PRIMARY KEY("code_id","address_key")
);
--> statement-breakpoint
ALTER TABLE "code_address_tries" ADD CONSTRAINT "code_address_tries_code_id_one_time_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."one_time_codes"("id") ON DELETE cascade ON UPDATE no action;