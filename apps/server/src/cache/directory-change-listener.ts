/**
 * Keeps a ReadCache exact across servers: one dedicated connection LISTENs on `directory_changed`
 * (NOTIFYed by the triggers of migrations 20261123130000_directory_change_notify and
 * 20261128130000_practice_directory_notify at the commit of any statement that writes `practitioner`,
 * or a practice's booking settings or listing) and drops the cache at every notice. While the connection is
 * down the cache is not live (a pass-through); it reconnects with backoff and goes live again,
 * empty, once LISTEN is in place.
 */
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { ReadCache } from './read-cache.ts';

const DIRECTORY_CHANGED_CHANNEL = 'directory_changed';
/** NOTIFYed at the commit of any write of appointments or holds (migration 20261128160000). */
const PRACTICE_CALENDAR_CHANGED_CHANNEL = 'practice_calendar_changed';
const RECONNECT_DELAYS_MS = [250, 1_000, 2_000, 5_000, 10_000];

export interface DirectoryChangeListener {
  /** Resolves once the first LISTEN is in place (or the first attempt failed; it keeps retrying). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createDirectoryChangeListener(options: {
  readonly connectionString: string;
  readonly cache: ReadCache;
  /** Practices' busy times for online booking, dropped at every calendar change (same connection, same rules). */
  readonly calendarCache?: ReadCache;
  readonly logger: Logger;
}): DirectoryChangeListener {
  const { connectionString, cache, logger } = options;
  const calendarCache = options.calendarCache ?? ReadCache.disabled();
  let client: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
  };

  const lost = (connection: pg.Client, error?: Error) => {
    if (client !== connection) return;
    client = null;
    cache.setLive(false);
    calendarCache.setLive(false);
    if (!stopped) logger.warn({ err: error }, 'directory change listener lost its connection; directory reads are not cached until it is back');
    connection.end().catch(() => undefined);
    scheduleReconnect();
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    const connection = new pg.Client({ connectionString, application_name: 'wellspring-directory-listener' });
    client = connection;
    connection.on('error', (error) => lost(connection, error));
    connection.on('end', () => lost(connection));
    connection.on('notification', (message) => {
      if (message.channel === DIRECTORY_CHANGED_CHANNEL) {
        cache.invalidate();
        // A practice's settings or zone changed with it: the busy times are read under them.
        calendarCache.invalidate();
      }
      if (message.channel === PRACTICE_CALENDAR_CHANGED_CHANNEL) calendarCache.invalidate();
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${DIRECTORY_CHANGED_CHANNEL}; LISTEN ${PRACTICE_CALENDAR_CHANGED_CHANNEL}`);
      if (stopped || client !== connection) {
        await connection.end().catch(() => undefined);
        return;
      }
      failures = 0;
      cache.setLive(true);
      calendarCache.setLive(true);
    } catch (error) {
      lost(connection, error as Error);
    }
  }

  return {
    start: () => (cache.enabled || calendarCache.enabled ? connect() : Promise.resolve()),
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const connection = client;
      client = null;
      cache.setLive(false);
      calendarCache.setLive(false);
      await connection?.end().catch(() => undefined);
    },
  };
}
