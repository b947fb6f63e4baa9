-- Announces every change that can alter the directory's shared facet counts on the channel
-- alumlink_directory_changes (decision record 046): a person added, removed or changed in a column
-- the counts read (name, role, active and verified flags, career fields), and their settings added,
-- removed or changed in listing, profile visibility or the audiences of the counted fields. Once per
-- statement (one person or a roster's thousand alike: the payload is empty, and the same
-- notification is sent once per transaction). NOTIFY is transactional: listeners hear it when the
-- change commits, whoever made it. The servers' facet caches drop every count on it
-- (modules/directory/directory-changes.ts); directory-changes.test.ts holds the watched columns to
-- the ones the facet statement reads.
CREATE FUNCTION alumlink_announce_directory_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('alumlink_directory_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_announce_directory_change
  AFTER INSERT OR DELETE OR UPDATE OF id, first_name, last_name, role, is_active, email_verified_at, company, location,
    cohort_year, skills, open_to_referrals ON users
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_directory_change();
--> statement-breakpoint
CREATE TRIGGER users_truncate_announce_directory_change
  AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_directory_change();
--> statement-breakpoint
CREATE TRIGGER user_settings_announce_directory_change
  AFTER INSERT OR DELETE OR UPDATE OF user_id, listed_in_directory, profile_visibility, company_visible_to,
    location_visible_to, cohort_year_visible_to, skills_visible_to ON user_settings
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_directory_change();
--> statement-breakpoint
CREATE TRIGGER user_settings_truncate_announce_directory_change
  AFTER TRUNCATE ON user_settings
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_directory_change();
