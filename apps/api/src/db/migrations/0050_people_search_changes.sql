-- Announces, on alumlink_search_changes (migration 0047), a change of a person's e-mail, job title,
-- headline or company as well: the people type-ahead keeps each text's ranked candidates per
-- instance (decision record 064) and matches those columns, where search everything reads only the
-- names, flags and profile visibility. Both caches drop every text on the channel's notice.
DROP TRIGGER users_announce_search_change ON users;
--> statement-breakpoint
CREATE TRIGGER users_announce_search_change
  AFTER INSERT OR DELETE OR UPDATE OF id, first_name, last_name, email, job_title, headline, company, is_active, email_verified_at ON users
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_search_change();
