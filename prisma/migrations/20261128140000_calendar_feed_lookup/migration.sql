-- Calendar sync (issue 24; docs/decisions/0034-booking-links.md): which practice a calendar feed's
-- link belongs to, before any practice is bound (the calendar app that fetches the feed has only
-- the link). Answers a practice id only; the feed is then read in a transaction bound to it, and
-- the token compared in constant time with the one derived for the practice's current generation.
CREATE FUNCTION practice_of_calendar_feed(token_hash bytea) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$ SELECT id FROM practice WHERE calendar_feed_token_hash = token_hash $$;
