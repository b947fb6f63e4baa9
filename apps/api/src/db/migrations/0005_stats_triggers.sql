-- Running totals and per-day activity for the admin dashboard, kept by triggers so that the
-- dashboard reads a handful of rows instead of counting large tables.
CREATE OR REPLACE FUNCTION alumlink_bump(counter text, delta bigint) RETURNS void AS $$
BEGIN
  INSERT INTO stat_counters AS c (key, value) VALUES (counter, delta)
  ON CONFLICT (key) DO UPDATE SET value = c.value + excluded.value;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION alumlink_bump_day(day_key text, at timestamptz, delta integer) RETURNS void AS $$
BEGIN
  INSERT INTO daily_stats AS d (day, key, value) VALUES ((at AT TIME ZONE 'UTC')::date, day_key, delta)
  ON CONFLICT (day, key) DO UPDATE SET value = d.value + excluded.value;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION alumlink_users_stats() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM alumlink_bump('users_total', 1);
    PERFORM alumlink_bump('users_' || NEW.role, 1);
    PERFORM alumlink_bump_day('signups', NEW.created_at, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM alumlink_bump('users_total', -1);
    PERFORM alumlink_bump('users_' || OLD.role, -1);
  ELSIF NEW.role IS DISTINCT FROM OLD.role THEN
    PERFORM alumlink_bump('users_' || OLD.role, -1);
    PERFORM alumlink_bump('users_' || NEW.role, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_stats AFTER INSERT OR DELETE OR UPDATE OF role ON users
  FOR EACH ROW EXECUTE FUNCTION alumlink_users_stats();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION alumlink_posts_stats() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.deleted_at IS NULL THEN
      PERFORM alumlink_bump('posts', 1);
      PERFORM alumlink_bump_day('posts', NEW.created_at, 1);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.deleted_at IS NULL THEN
      PERFORM alumlink_bump('posts', -1);
    END IF;
  ELSIF OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN
    PERFORM alumlink_bump('posts', -1);
  ELSIF OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL THEN
    PERFORM alumlink_bump('posts', 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER posts_stats AFTER INSERT OR DELETE OR UPDATE OF deleted_at ON posts
  FOR EACH ROW EXECUTE FUNCTION alumlink_posts_stats();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION alumlink_referrals_stats() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM alumlink_bump('referrals_' || NEW.status, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM alumlink_bump('referrals_' || OLD.status, -1);
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM alumlink_bump('referrals_' || OLD.status, -1);
    PERFORM alumlink_bump('referrals_' || NEW.status, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER referrals_stats AFTER INSERT OR DELETE OR UPDATE OF status ON referrals
  FOR EACH ROW EXECUTE FUNCTION alumlink_referrals_stats();
--> statement-breakpoint
-- Start from what is already there (databases migrated before this step).
INSERT INTO stat_counters (key, value)
  SELECT 'users_total', count(*) FROM users
  UNION ALL SELECT 'users_' || role, count(*) FROM users GROUP BY role
  UNION ALL SELECT 'posts', count(*) FROM posts WHERE deleted_at IS NULL
  UNION ALL SELECT 'referrals_' || status, count(*) FROM referrals GROUP BY status
ON CONFLICT (key) DO UPDATE SET value = excluded.value;
--> statement-breakpoint
INSERT INTO daily_stats (day, key, value)
  SELECT (created_at AT TIME ZONE 'UTC')::date, 'signups', count(*)::int FROM users GROUP BY 1
  UNION ALL
  SELECT (created_at AT TIME ZONE 'UTC')::date, 'posts', count(*)::int FROM posts WHERE deleted_at IS NULL GROUP BY 1
ON CONFLICT (day, key) DO UPDATE SET value = excluded.value;
