-- The announcements of directory changes (0040_directory_changes) name the people changed
-- (decision record 056), so that a server's in-memory directory index reloads those people only.
-- A row-level trigger per table collects the ids of the statement's rows (users.id, the settings'
-- user_id; both when an update moves a row) in a transaction-local setting; the statement-level
-- trigger of 0040, which fires after them, sends them as the payload ("12,40,7") and empties the
-- setting. A statement that changed no row sends nothing. More ids than fit a payload (8000 bytes)
-- and TRUNCATE send "*": every person may have changed (a listener reloads everyone).
-- directory-changes.test.ts holds both triggers' columns to the ones the counts and the index read.
CREATE FUNCTION alumlink_note_directory_person() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  noted text := coalesce(current_setting('alumlink.directory_people', true), '');
  ids text := '';
BEGIN
  IF noted = '*' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    ids := (to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP <> 'DELETE' AND (ids = '' OR ids <> (to_jsonb(NEW) ->> TG_ARGV[0])) THEN
    ids := concat_ws(',', nullif(ids, ''), to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  noted := concat_ws(',', nullif(noted, ''), ids);
  PERFORM set_config('alumlink.directory_people', CASE WHEN length(noted) > 7900 THEN '*' ELSE noted END, true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION alumlink_announce_directory_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  noted text := coalesce(current_setting('alumlink.directory_people', true), '');
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    noted := '*';
  END IF;
  IF noted <> '' THEN
    PERFORM set_config('alumlink.directory_people', '', true);
    PERFORM pg_notify('alumlink_directory_changes', noted);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_note_directory_person
  AFTER INSERT OR DELETE OR UPDATE OF id, first_name, last_name, role, is_active, email_verified_at, company, location,
    cohort_year, skills, open_to_referrals ON users
  FOR EACH ROW EXECUTE FUNCTION alumlink_note_directory_person('id');
--> statement-breakpoint
CREATE TRIGGER user_settings_note_directory_person
  AFTER INSERT OR DELETE OR UPDATE OF user_id, listed_in_directory, profile_visibility, company_visible_to,
    location_visible_to, cohort_year_visible_to, skills_visible_to ON user_settings
  FOR EACH ROW EXECUTE FUNCTION alumlink_note_directory_person('user_id');
