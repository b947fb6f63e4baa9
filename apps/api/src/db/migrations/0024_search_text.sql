-- People search's substring sample (modules/search/search.repository.ts) matches the first people
-- by id on their lower-cased first name, last name and e-mail as one text. Stored, it is computed
-- once per change instead of per row and search (sample of 1,000 at the bench's default scale:
-- about 1.1-1.8 ms of execution computed, 0.6 ms stored). Adding a stored column rewrites users once.
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || email)) STORED NOT NULL;