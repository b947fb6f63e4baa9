CREATE INDEX "users_first_name_prefix_idx" ON "users" USING btree (lower("first_name") collate "C","id");--> statement-breakpoint
CREATE INDEX "users_last_name_prefix_idx" ON "users" USING btree (lower("last_name") collate "C","id");--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") collate "C","id");