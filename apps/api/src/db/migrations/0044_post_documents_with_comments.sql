-- Search everything finds a comment through its post (decision 050): a post's stored document
-- (migration 0039) becomes its caption and the text of its comments, kept by triggers in the
-- writer's transaction, so every writer (the routes, a person leaving, the seed, the CLI) keeps it.
-- The GIN index posts_search_idx stays on the column.
ALTER TABLE "posts" ALTER COLUMN "search_document" DROP EXPRESSION;
--> statement-breakpoint
-- Each comment's own document, parsed once when it is written: the posts' triggers concatenate these, and a
-- search's snippet finds the comment that matches without parsing any text.
ALTER TABLE "comments" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "text")) STORED NOT NULL;
--> statement-breakpoint
-- tsvector concatenation (the || operator) as an aggregate, a post's comments in the order they were
-- added, that stops growing short of tsvector's 1 MB: the words past it are not searchable, and no
-- write fails for them. The state is in memory; a comment's stored document may be compressed, so
-- its size is read from an uncompressed copy (|| always builds one): the two sizes bound the result's.
CREATE FUNCTION tsvector_concat_bounded(total tsvector, more tsvector) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select case when pg_column_size(total) + pg_column_size(more || ''::tsvector) <= 1000000 then total || more else total end
$$;
--> statement-breakpoint
CREATE AGGREGATE tsvector_agg (tsvector) (SFUNC = tsvector_concat_bounded, STYPE = tsvector, INITCOND = '');
--> statement-breakpoint
-- A post's document from scratch: its caption, then each comment's document, oldest first
-- (what the insert trigger builds one comment at a time). comments_post_created_idx finds them.
CREATE FUNCTION post_search_document(post_id integer, caption text) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  select to_tsvector('english'::regconfig, caption)
    || coalesce((select tsvector_agg(c.search_document order by c.created_at, c.id)
                 from comments c where c.post_id = post_search_document.post_id), ''::tsvector)
$$;
--> statement-breakpoint
-- A new post's document; an edited caption's (the comments stay).
CREATE FUNCTION posts_search_document_write() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_document := post_search_document(NEW.id, NEW.caption);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_search_document_insert BEFORE INSERT ON "posts"
  FOR EACH ROW EXECUTE FUNCTION posts_search_document_write();
--> statement-breakpoint
CREATE TRIGGER posts_search_document_caption BEFORE UPDATE OF "caption" ON "posts"
  FOR EACH ROW WHEN (OLD."caption" IS DISTINCT FROM NEW."caption") EXECUTE FUNCTION posts_search_document_write();
--> statement-breakpoint
-- New comments: their words are appended to their posts' documents (no re-reading of the others).
-- A document that would pass tsvector's 1 MB keeps what it holds (the comment is still added).
CREATE FUNCTION comments_search_document_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  BEGIN
    UPDATE posts p SET search_document = p.search_document || added.document
    FROM (
      SELECT n.post_id, tsvector_agg(n.search_document ORDER BY n.created_at, n.id) AS document
      FROM added_comments n GROUP BY n.post_id
    ) added
    WHERE p.id = added.post_id;
  EXCEPTION WHEN program_limit_exceeded THEN
    NULL;
  END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER comments_search_document_insert AFTER INSERT ON "comments"
  REFERENCING NEW TABLE AS added_comments
  FOR EACH STATEMENT EXECUTE FUNCTION comments_search_document_added();
--> statement-breakpoint
-- Edited or deleted comments (a person leaving takes theirs): their posts' documents are built again
-- from the caption and the comments left. The posts are locked first, so the rebuild's read of the
-- comments (a statement of its own) sees every comment committed by a writer it waited for.
CREATE FUNCTION comments_search_document_rebuild() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM FROM posts p WHERE p.id IN (SELECT o.post_id FROM changed_comments o) ORDER BY p.id FOR UPDATE;
  UPDATE posts p SET search_document = post_search_document(p.id, p.caption)
  WHERE p.id IN (SELECT o.post_id FROM changed_comments o);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER comments_search_document_update AFTER UPDATE ON "comments"
  REFERENCING OLD TABLE AS changed_comments
  FOR EACH STATEMENT EXECUTE FUNCTION comments_search_document_rebuild();
--> statement-breakpoint
CREATE TRIGGER comments_search_document_delete AFTER DELETE ON "comments"
  REFERENCING OLD TABLE AS changed_comments
  FOR EACH STATEMENT EXECUTE FUNCTION comments_search_document_rebuild();
--> statement-breakpoint
-- The posts commented on so far.
UPDATE "posts" SET "search_document" = post_search_document("id", "caption") WHERE "comments_count" > 0 OR EXISTS (SELECT FROM "comments" c WHERE c."post_id" = "posts"."id");
