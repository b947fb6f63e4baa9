-- Announces every change that can alter a text's kept matches of search everything on the channel
-- alumlink_search_changes (decision record 057): a row of a searched table added, removed or changed
-- in a column the kept lists or the shown rows read (the searched texts and the documents stored from
-- them, a post's author, space and deletion, a person's active and verified flags and name, their
-- profile visibility, a job's status, a space's visibility, name and slug), and a comment added,
-- removed or changed (a post's snippet may be cut from it). Not the counters (likes, comments,
-- members, seats) nor the memberships and connections: those are read per request. Once per
-- statement, with an empty payload (the same notification is sent once per transaction); NOTIFY is
-- transactional: listeners hear it when the change commits, whoever made it. The servers' kept
-- texts are all dropped on it (modules/search-everything/search-changes.plugin.ts);
-- search-changes.test.ts holds the watched columns to the ones the statements read.
CREATE FUNCTION alumlink_announce_search_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('alumlink_search_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_announce_search_change
  AFTER INSERT OR DELETE OR UPDATE OF id, user_id, community_id, caption, deleted_at, search_document ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_search_change();
--> statement-breakpoint
CREATE TRIGGER posts_truncate_announce_search_change AFTER TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_search_change();
--> statement-breakpoint
CREATE TRIGGER comments_announce_search_change
  AFTER INSERT OR DELETE OR UPDATE OF id, post_id, text, created_at ON comments
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_search_change();
--> statement-breakpoint
CREATE TRIGGER comments_truncate_announce_search_change AFTER TRUNCATE ON comments
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_search_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_search_change
  AFTER INSERT OR DELETE OR UPDATE OF id, first_name, last_name, is_active, email_verified_at ON users
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_search_change();
--> statement-breakpoint
CREATE TRIGGER users_truncate_announce_search_change AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_search_change();
--> statement-breakpoint
CREATE TRIGGER user_settings_announce_search_change
  AFTER INSERT OR DELETE OR UPDATE OF user_id, profile_visibility ON user_settings
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_search_change();
--> statement-breakpoint
CREATE TRIGGER user_settings_truncate_announce_search_change AFTER TRUNCATE ON user_settings
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_search_change();
--> statement-breakpoint
CREATE TRIGGER jobs_announce_search_change
  AFTER INSERT OR DELETE OR UPDATE OF id, title, company, location, description, status ON jobs
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_search_change();
--> statement-breakpoint
CREATE TRIGGER jobs_truncate_announce_search_change AFTER TRUNCATE ON jobs
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_search_change();
--> statement-breakpoint
CREATE TRIGGER events_announce_search_change
  AFTER INSERT OR DELETE OR UPDATE OF id, title, host, category, description, community_id ON events
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_search_change();
--> statement-breakpoint
CREATE TRIGGER events_truncate_announce_search_change AFTER TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_search_change();
--> statement-breakpoint
CREATE TRIGGER communities_announce_search_change
  AFTER INSERT OR DELETE OR UPDATE OF id, slug, name, description, visibility ON communities
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_search_change();
--> statement-breakpoint
CREATE TRIGGER communities_truncate_announce_search_change AFTER TRUNCATE ON communities
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_search_change();
