CREATE INDEX "users_directory_company_idx" ON "users" USING btree (lower("company"),"created_at","id");--> statement-breakpoint
CREATE INDEX "users_directory_location_idx" ON "users" USING btree (lower("location"),"created_at","id");--> statement-breakpoint
CREATE INDEX "users_directory_cohort_idx" ON "users" USING btree ("cohort_year","created_at","id");--> statement-breakpoint
CREATE INDEX "users_directory_open_idx" ON "users" USING btree ("created_at","id") WHERE "users"."open_to_referrals";--> statement-breakpoint
CREATE INDEX "users_directory_skills_gin" ON "users" USING gin (string_to_array(lower("skills"), ', '));