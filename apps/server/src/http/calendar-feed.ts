/**
 * `GET /calendar/<token>.ics` (mounted at `/calendar`): a practice's private calendar feed
 * (calendar sync, issue 24; practice/calendar-feed.ts). Served on every host, like the photos and
 * the sitemap: the link is written with PUBLIC_URL and calendar apps fetch it from anywhere.
 * Unknown, malformed, regenerated or turned-off links are all the same bare 404. The request log
 * never holds the token (logger.ts scrubs the path).
 */
import express from 'express';
import type { LinkTokens } from '../auth/link-tokens.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { CALENDAR_FEED_MAX_AGE_SECONDS, readCalendarFeed } from '../practice/calendar-feed.ts';

const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

export function calendarFeed(deps: { db: Database; config: ServerConfig; links: LinkTokens; now: () => Date }): express.Router {
  const route = express.Router();
  route.get('/:file', async (req, res, next) => {
    try {
      const token = FEED_FILE.exec(String(req.params.file))?.[1];
      const feed = token
        ? await readCalendarFeed(deps.db, deps.links, token, {
            publicUrl: deps.config.relay.publicUrl,
            now: deps.now(),
            requestId: String(res.getHeader('x-request-id') ?? ''),
            sourceAddress: req.ip ?? req.socket.remoteAddress ?? null,
          })
        : null;
      if (!feed) {
        res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found\n');
        return;
      }
      res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
      res.setHeader('Content-Disposition', 'inline; filename="wellspring.ics"');
      res.setHeader('Cache-Control', `private, max-age=${CALENDAR_FEED_MAX_AGE_SECONDS}`);
      // A private link: search engines keep out even if it leaks into a page.
      res.setHeader('X-Robots-Tag', 'noindex, nofollow');
      res.send(feed.body);
    } catch (error) {
      next(error);
    }
  });
  return route;
}
