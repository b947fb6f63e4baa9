-- A queued e-mail is due from the instant it is written. now() rounded to the column's millisecond
-- precision lay up to half a millisecond in the future, and the claim compares with a JavaScript
-- Date (truncated), so a delivery right after the write skipped the message. Truncating matches.
ALTER TABLE "outgoing_emails" ALTER COLUMN "next_attempt_at" SET DEFAULT date_trunc('milliseconds', now());