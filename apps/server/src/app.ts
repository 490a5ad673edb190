/**
 * Builds the Express app (no listening here, so tests can mount it on an ephemeral port).
 */
import { processLinkTokens, type LinkTokens } from './auth/link-tokens.ts';
import { processSecretBox, type SecretBox } from './auth/secret-box.ts';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import helmet from 'helmet';
import { cachedPublicReads } from './trpc/cached-public-reads.ts';
import { communityFiles } from './community/community-files.ts';
import { ReadCache } from './cache/read-cache.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { constantHeaders } from './http/constant-headers.ts';
import { hostPolicy, isProductionHostHeader } from './http/host-policy.ts';
import { jsonBody } from './http/json-body.ts';
import type { Logger } from './logger.ts';
import { requestLogger } from './http/request-log.ts';
import { originCheck } from './http/origin-check.ts';
import { requestHost } from './http/request-host.ts';
import { hostHeaderGuard, methodGuard, queryInputDepthGuard, verifyJsonDepth } from './http/request-guards.ts';
import { pagePublicReads, resolvePageData } from './http/page-data.ts';
import { resolvePageHead } from './http/page-head.ts';
import { profilePhotoFiles, profilePhotoUpload } from './http/profile-photos.ts';
import { calendarFeed } from './http/calendar-feed.ts';
import { sitemap } from './http/sitemap.ts';
import { isFileIn, webApp } from './http/static.ts';
import { readSessionToken } from './auth/session.ts';
import { appRouter } from './trpc/app.router.ts';
import { trpcExpressHandler } from './trpc/express-handler.ts';
import { createCallerFactory, createContextFactory, INTERNAL_ERROR_MESSAGE } from './trpc/trpc.ts';
import { API_MAX_BATCH_SIZE } from '@wellspring/domain';

const JSON_BODY_LIMIT_BYTES = 100 * 1024;

const createCaller = createCallerFactory(appRouter);


export interface AppDependencies {
  readonly config: ServerConfig;
  readonly db: Database;
  readonly logger: Logger;
  /** Public directory reads; without one (tests) every read goes to the database. */
  readonly directoryCache?: ReadCache;
  /** Practices' busy times for online booking; without one (tests) every read goes to the database. */
  readonly calendarCache?: ReadCache;
  /** The clock of session expiry and the idle limit; tests pass a controllable one. */
  readonly now?: () => Date;
  /** The tokens of private links; without them (tests) a key made for this process. */
  readonly links?: LinkTokens;
  /** Seals 2-step secrets; without it (tests) a key made for this process. */
  readonly secrets?: SecretBox;
}

interface HttpError {
  status?: number;
  type?: string;
  /** Set by body-parser (and our guards) on client errors whose message is meant for the client. */
  expose?: boolean;
}

export function createApp({ config, db, logger, directoryCache = ReadCache.disabled(), calendarCache = ReadCache.disabled(), now = () => new Date(), links = processLinkTokens(), secrets = processSecretBox() }: AppDependencies): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // A hop count or the proxies' addresses: req.ip is then the X-Forwarded-For entry added by the
  // first untrusted hop from the right, never the leftmost one a client can forge.
  if (config.trustProxy !== undefined) app.set('trust proxy', typeof config.trustProxy === 'number' ? config.trustProxy : [...config.trustProxy]);

  const trustProxy = config.trustProxy !== undefined;
  app.use(requestLogger(logger));
  app.use(hostHeaderGuard({ trustProxy }));
  app.use(
    // helmet's headers, worked out once (constant-headers.ts).
    constantHeaders(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            // vanilla-extract and react-toastify inject <style> elements at runtime.
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:'],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            ...(config.production ? { upgradeInsecureRequests: [] } : {}),
          },
        },
        strictTransportSecurity: config.production,
      }),
    ),
  );
  app.use(methodGuard());

  const apiOriginCheck = originCheck({ allowedOrigins: config.allowedOrigins, trustProxy });
  // Refuse a declared oversized body before reading it, whatever its content type.
  const declaredBodyLimit: RequestHandler = (req, _res, next) => {
    const declaredLength = Number(req.headers['content-length']);
    next(declaredLength > JSON_BODY_LIMIT_BYTES ? Object.assign(new Error('request entity too large'), { status: 413, type: 'entity.too.large' }) : undefined);
  };
  // Parsed here so an oversized chunked body gets 413 before tRPC too; tRPC reuses req.body.
  const apiJsonBody = jsonBody({ limitBytes: JSON_BODY_LIMIT_BYTES, verify: verifyJsonDepth, fallback: express.json({ limit: JSON_BODY_LIMIT_BYTES, verify: verifyJsonDepth }) });
  const createContext = createContextFactory({ db, config, directoryCache, calendarCache, now, links, secrets });
  // The tRPC API as one layer (record 0043): the guards of /api it would meet further down, in the
  // same order, without Express matching on the way the layers that never apply to it — the health
  // check, photos, the calendar feed, the sitemap, the host policy (which serves /api on every host)
  // and the photo upload. Replays of public directory reads come before the origin check and the
  // body parsers, which have nothing to add to a GET; they are logged and carry the security headers
  // above like every answer.
  app.use(
    '/api/trpc',
    inOrder([
      queryInputDepthGuard(),
      cachedPublicReads(directoryCache),
      apiOriginCheck,
      declaredBodyLimit,
      apiJsonBody,
      trpcExpressHandler({
        router: appRouter,
        maxBatchSize: API_MAX_BATCH_SIZE,
        createContext,
        onError({ error, path, req }) {
          if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error, path, reqId: req.headers['x-request-id'] }, 'tRPC procedure failed');
        },
      }),
    ]),
  );

  app.get('/healthz', async (_req, res) => {
    try {
      await db.$queryRaw`SELECT 1`;
      res.status(200).set('Cache-Control', 'no-store').json({ status: 'ok' });
    } catch (error) {
      logger.error({ err: error }, 'health check failed');
      res.status(503).set('Cache-Control', 'no-store').json({ status: 'unavailable' });
    }
  });

  // Profile photos are public and served on every host, like the API (a profile shows them).
  app.use('/api/photos', profilePhotoFiles({ db }));
  // A practice's private calendar feed: calendar apps subscribe to its PUBLIC_URL link from anywhere.
  app.use('/calendar', calendarFeed({ db, config, links, now }));

  const distDir = config.webDistDir;
  // The one public origin of every absolute URL the site writes (sitemap, canonical and Open Graph
  // URLs, e-mail links): PUBLIC_URL, or http://localhost:PORT. Never the request's Host, which a
  // client chooses and which would end up in answers that are cached publicly.
  const siteOrigin = config.relay.publicUrl;
  const onProductionHost = (req: express.Request) => isProductionHostHeader(requestHost(req, trustProxy), config.previewDomain);
  // Before the host policy: a production host has a sitemap too (of `/` alone).
  app.use(sitemap({ db, origin: siteOrigin, productionHost: onProductionHost }));
  app.use(hostPolicy({ previewDomain: config.previewDomain, trustProxy, isStaticFile: (path) => isFileIn(distDir, path) }));

  app.use('/api', apiOriginCheck);
  // A photo's raw bytes (up to 5 MB): before the JSON body limit below.
  app.use('/api/profile-photo', profilePhotoUpload({ db, config, now }));
  app.use('/api', declaredBodyLimit);
  app.use('/api', apiJsonBody);
  app.use('/api', communityFiles({ db, config, now }));
  app.use('/api', (_req, res) => {
    res.status(404).json({ error: { code: 'NOT_FOUND', message: 'No such API endpoint.' } });
  });

  app.use(
    webApp({
      distDir,
      webConfig: (req) => ({
        contactEmail: config.contactEmail,
        productionHost: onProductionHost(req),
        sessionIdleMinutes: config.sessions.idleTimeoutMs / 60_000,
        sessionCookie: readSessionToken(req) !== null,
      }),
      pageHead: async (req, res) => {
        const search = new URL(req.originalUrl, 'http://wellspring.invalid').searchParams;
        const reads = pagePublicReads(async () => createCaller(await createContext({ req, res })));
        const head = await resolvePageHead(req.path, search, reads.profile);
        // The page's first API answers, for a page that is there (a 404 shows the not-found screen).
        const data = head.status === 200 ? await resolvePageData(req.path, search, reads) : undefined;
        return { head, origin: siteOrigin, data };
      },
    }),
  );
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found\n');
  });

  const errorHandler: ErrorRequestHandler = (error: HttpError & Error, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error.type === 'entity.too.large' || error.status === 413) {
      res.status(413).json({ error: { code: 'PAYLOAD_TOO_LARGE', message: `Request body is larger than ${JSON_BODY_LIMIT_BYTES / 1024} KB.` } });
      return;
    }
    if (error.type === 'entity.parse.failed') {
      res.status(400).json({ error: { code: 'BAD_REQUEST', message: 'Malformed JSON body.' } });
      return;
    }
    const status = error.status ?? 500;
    if (status >= 400 && status < 500) {
      // A client's mistake (an unsupported charset or encoding, a body nested too deep, a bad URL):
      // its own message when it was written for the client, else the status alone.
      res.status(status).json({ error: { code: 'BAD_REQUEST', message: error.expose ? error.message : 'Bad request.' } });
      return;
    }
    logger.error({ err: error }, 'unhandled error');
    res.status(500).json({ error: { code: 'INTERNAL_SERVER_ERROR', message: config.exposeErrorDetails ? error.message : INTERNAL_ERROR_MESSAGE } });
  };
  app.use(errorHandler);
  return app;
}

/**
 * Handlers run one after another as one Express layer, each passing on with `next()` as under
 * Express; an error — passed on, thrown, or a returned promise's rejection, as Express takes them —
 * or the end of the list goes to Express's own `next`.
 */
function inOrder(handlers: readonly RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let index = 0;
    const step = (error?: unknown): void => {
      const handler = handlers[index];
      index += 1;
      if (error !== undefined && error !== null) {
        next(error);
        return;
      }
      if (handler === undefined) {
        next();
        return;
      }
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch(step);
      } catch (thrown) {
        step(thrown);
      }
    };
    step();
  };
}
