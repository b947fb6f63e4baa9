CREATE TABLE "data_export_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"export_id" integer NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_export_tickets" ADD CONSTRAINT "data_export_tickets_export_id_data_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."data_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_export_tickets_expires_idx" ON "data_export_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "data_export_tickets_export_idx" ON "data_export_tickets" USING btree ("export_id");
