-- A directory page of two filters walks the first filter's index in page order and checks the other
-- on each person it reads (decision record 054). Those indexes now carry the other whole-value filters
-- after their page order (decision record 058), so the other filter is an index condition: an entry
-- that fails it is skipped in the index, without reading the person's row or their settings. The leading
-- columns are unchanged, so every statement that used an index still can.
DROP INDEX "users_directory_company_idx";
--> statement-breakpoint
CREATE INDEX "users_directory_company_idx" ON "users" USING btree (lower("company"),"created_at","id",lower("location"),"cohort_year","role","open_to_referrals");
--> statement-breakpoint
DROP INDEX "users_directory_location_idx";
--> statement-breakpoint
CREATE INDEX "users_directory_location_idx" ON "users" USING btree (lower("location"),"created_at","id","cohort_year","role","open_to_referrals");
--> statement-breakpoint
DROP INDEX "users_directory_cohort_idx";
--> statement-breakpoint
CREATE INDEX "users_directory_cohort_idx" ON "users" USING btree ("cohort_year","created_at","id","role","open_to_referrals");
--> statement-breakpoint
DROP INDEX "users_role_created_idx";
--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at","id","open_to_referrals");
