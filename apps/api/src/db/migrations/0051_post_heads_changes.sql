-- Announces every change that can alter a kept head of a space's page or a tag's page on the channel
-- alumlink_post_head_changes (decision record 065): the newest live posts of a space or a tag, as every
-- viewer's rule starts from them, with their authors' summaries. A post added, removed or changed in any
-- column (its caption, image, counters, edit time, deletion, author or space), a tag added to or taken
-- from a post, a person removed or changed in a column of the summary a listed post shows (or the e-mail
-- kept for the viewers allowed to see it), a space added, removed or renamed (its slug or id). Not
-- profile or field visibility, memberships, moderators, a space's visibility or the viewer's likes:
-- those are read per request. Once per statement, with an empty payload; NOTIFY is transactional:
-- listeners hear it when the change commits, whoever made it. The servers' kept heads are all dropped
-- on it (modules/posts/post-heads.plugin.ts); post-heads.test.ts holds the watched columns to the
-- ones the fill reads.
CREATE FUNCTION alumlink_announce_post_head_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('alumlink_post_head_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_announce_post_head_change
  AFTER INSERT OR DELETE OR UPDATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_post_head_change();
--> statement-breakpoint
CREATE TRIGGER posts_truncate_announce_post_head_change AFTER TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_post_head_change();
--> statement-breakpoint
CREATE TRIGGER post_tags_announce_post_head_change
  AFTER INSERT OR DELETE OR UPDATE ON post_tags
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_post_head_change();
--> statement-breakpoint
CREATE TRIGGER post_tags_truncate_announce_post_head_change AFTER TRUNCATE ON post_tags
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_post_head_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_post_head_change
  AFTER DELETE OR UPDATE OF id, username, email, first_name, last_name, handle, role, image ON users
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_post_head_change();
--> statement-breakpoint
CREATE TRIGGER users_truncate_announce_post_head_change AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_post_head_change();
--> statement-breakpoint
CREATE TRIGGER communities_announce_post_head_change
  AFTER INSERT OR DELETE OR UPDATE OF id, slug ON communities
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_post_head_change();
--> statement-breakpoint
CREATE TRIGGER communities_truncate_announce_post_head_change AFTER TRUNCATE ON communities
  FOR EACH STATEMENT EXECUTE FUNCTION alumlink_announce_post_head_change();
