-- Announces every change that can turn a valid access token away (a session ending; a person
-- deleted, deactivated, or given another role, staff flag or e-mail) on the channel
-- alumlink_sign_in_changes, with the person's id. NOTIFY is transactional: listeners hear it when
-- the change commits, whoever made it (the app, another instance, a script, SQL by hand). The
-- servers' sign-in caches forget that person on it (modules/auth/sign-in-changes.plugin.ts).
CREATE FUNCTION alumlink_announce_sign_in_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('alumlink_sign_in_changes', OLD.id::text);
  ELSE
    PERFORM pg_notify('alumlink_sign_in_changes', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_announce_sign_in_change
  AFTER UPDATE OF id, role, is_staff, email, is_active OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION alumlink_announce_sign_in_change();
--> statement-breakpoint
CREATE TRIGGER session_families_announce_sign_in_change
  AFTER UPDATE OF id, user_id, ended_at OR DELETE ON session_families
  FOR EACH ROW EXECUTE FUNCTION alumlink_announce_sign_in_change();
