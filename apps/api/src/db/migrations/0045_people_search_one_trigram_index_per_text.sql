-- The people type-ahead looks a text's trigrams up once per kind of field instead of once per column
-- (decision record 052): one GIN index over the stored search text (first name, last name and e-mail,
-- lower-cased, migration 0024's users.search_text) and one over the three career fields. The searches
-- recheck each column on its own after the index (a match across two columns, or in a company the
-- viewer may not see, is not kept). The per-column trigram indexes stay for the administrators' and
-- the attendees' searches.
CREATE INDEX "users_search_text_trgm" ON "users" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_career_text_trgm" ON "users" USING gin (lower("job_title" || ' ' || "headline" || ' ' || "company") gin_trgm_ops);
