-- Trigram search (people, events) needs pg_trgm; PGlite loads it from @electric-sql/pglite/contrib/pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
