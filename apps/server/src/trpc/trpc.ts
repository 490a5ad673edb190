/**
 * tRPC plumbing: the request context, the error shape the web client relies on, and the procedure
 * builders. Routers live in `*.router.ts` beside this file.
 */
import type { LinkTokens } from '../auth/link-tokens.ts';
import { createHash, randomUUID } from 'node:crypto';

import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
// The marker a middleware's result carries: the one way for a middleware to answer without its
// procedure, which a replayed idempotent mutation must do.
import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import superjson, { type SuperJSONResult } from 'superjson';
import type { DomainError, DomainErrorCode } from '@wellspring/domain';
import type { Request, Response } from 'express';
import { ZodError, z } from 'zod';
import type { SecretBox } from '../auth/secret-box.ts';
import { readSessionToken, setSessionCookie, validateSessionToken } from '../auth/session.ts';
import type { ReadCache } from '../cache/read-cache.ts';
import { IdempotencyKeyTaken, idempotentRequests, type IdempotentRequest } from '../commands/idempotency.ts';
import { DomainRejection } from '../commands/run-command.ts';
import { findIdempotencyKey, recordIdempotentAnswer, storeIdempotentResponse, type IdempotencyKeyRow } from '../repositories/idempotency.repository.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { checkRateLimit, consumeRateLimit, type RateLimitRule } from '../http/rate-limit.ts';
import { countRateLimitHit } from '../repositories/rate-limit.repository.ts';
import type { PublicUser } from '../repositories/user.repository.ts';
import { practiceRepositories } from '../practice/practice-repositories.ts';
import { NO_PRACTICE_MESSAGE, practiceOfUser, type PracticeScope } from '../practice/practice-scope.ts';
import { auditPracticeCall, practiceCallAuditEntry, practiceCallAuditRule, resolveAuditTarget } from '../practice/practice-call-audit.ts';
import { auditAppenderOf } from '../audit/audit-appender.ts';
import { inPractice, readInPractice, sqlOf, type PracticeSql } from '../practice/practice-transaction.ts';
import { patientCommands, type NewPatientDetails } from '../practice/patient.commands.ts';
import { executeCommand, type CommandMachine } from '../commands/run-command.ts';
import { normalizeEmail } from '@wellspring/domain';
import type { ExpressContextOptions } from './express-handler.ts';
import { fieldError } from './field-error.ts';
import { serializeAnswer, wireTransformer } from './wire-format.ts';

export interface Context {
  readonly req: Request;
  readonly res: Response;
  readonly db: Database;
  readonly config: ServerConfig;
  /** Public directory reads, dropped whenever the directory changes. */
  readonly directoryCache: ReadCache;
  /** Practices' busy times for online booking, dropped whenever a calendar changes. */
  readonly calendarCache: ReadCache;
  /** The tokens of private links (a booking's manage link, a calendar feed, account links). */
  readonly links: LinkTokens;
  /** Seals the secrets the server reads back (2-step TOTP secrets). */
  readonly secrets: SecretBox;
  readonly requestId: string;
  /** The signed-in user, or null. */
  readonly user: PublicUser | null;
  /** The id (token hash) of the current session, or null. */
  readonly sessionId: string | null;
  /** The request's time: sessions, "today" and "this week" of a practice, events (tests control it). */
  readonly now: Date;
  /** The signed-in user's practice as the session lookup found it, or null (no session, or no practice yet). */
  readonly sessionPractice?: { readonly id: string; readonly timeZone: string } | null;
  /** The signed-in session's public id and when its password was last entered (sensitive changes ask again after 10 minutes). */
  readonly session?: { readonly publicId: string; readonly authenticatedAt: Date } | null;
  /** A sign-in whose password was right and whose 2-step code is still owed: it opens nothing but the second step. */
  readonly pendingSignIn?: { readonly sessionId: string; readonly userId: string } | null;
}

export interface ContextDependencies {
  readonly db: Database;
  readonly config: ServerConfig;
  readonly directoryCache: ReadCache;
  readonly calendarCache: ReadCache;
  readonly links: LinkTokens;
  readonly secrets: SecretBox;
  /** The time of a request, for session expiry and the idle limit (tests pass their own clock). */
  readonly now: () => Date;
}

export function createContextFactory(deps: ContextDependencies) {
  return async ({ req, res }: Pick<ExpressContextOptions, 'req' | 'res'>): Promise<Context> => {
    const token = readSessionToken(req);
    const now = deps.now();
    const found = token ? await validateSessionToken(deps.db, token, { now, idleTimeoutMs: deps.config.sessions.idleTimeoutMs, allowSecondFactorPending: true }) : null;
    const session = found && !found.secondFactorPending ? found : null;
    if (token && session?.renewed) setSessionCookie(res, token, session.expiresAt, deps.config.production);
    return {
      req,
      res,
      db: deps.db,
      config: deps.config,
      directoryCache: deps.directoryCache,
      calendarCache: deps.calendarCache,
      links: deps.links,
      secrets: deps.secrets,
      requestId: String(res.getHeader('x-request-id') ?? ''),
      user: session?.user ?? null,
      sessionId: session?.id ?? null,
      now,
      sessionPractice: session?.practice ?? null,
      session: session ? { publicId: session.publicId, authenticatedAt: session.authenticatedAt } : null,
      pendingSignIn: found?.secondFactorPending ? { sessionId: found.id, userId: found.user.id } : null,
    };
  };
}

/** What a client reads when the server failed: nothing about why. */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/** What a procedure declares about itself beyond its input and type. */
interface ProcedureMeta {
  /**
   * A query that changes data on the way (My Referrals expires the referrals past due): a practice
   * call runs it in a change's transaction, where `ctx.command` works, instead of a read-only one.
   */
  readonly changesData?: boolean;
}

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  // superjson's format; plain-JSON answers skip its walk (wire-format.ts).
  transformer: wireTransformer,
  // Never a stack in an error answer by default; the formatter adds it back where the config says.
  isDev: false,
  errorFormatter({ shape, error, ctx }) {
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    // Internals (a stack, a database's message) leave the server only under `npm run dev`; without a
    // context (it could not be made) nothing says so, and they stay hidden.
    const exposeDetails = ctx?.config.exposeErrorDetails === true;
    const hideInternals = error.code === 'INTERNAL_SERVER_ERROR' && !exposeDetails;
    return {
      ...shape,
      // A zod error's own message is a JSON dump of its issues; the first issue reads better.
      message: hideInternals ? INTERNAL_ERROR_MESSAGE : (zodError?.issues[0]?.message ?? shape.message),
      data: {
        ...shape.data,
        // Field messages for forms: { email: ['Please enter a valid email address.'] }.
        fieldErrors: zodError ? (z.flattenError(zodError).fieldErrors as Record<string, string[]>) : null,
        ...(exposeDetails ? { stack: error.stack } : {}),
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * The one place a refused domain command becomes a tRPC error: the runner throws a
 * `DomainRejection` (it knows nothing of tRPC), and every procedure answers it with the domain
 * error's code and message (`domainErrorToTrpc`).
 */
const answerDomainRejections = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainRejection) throw domainErrorToTrpc(result.error.cause.domainError);
  return result;
});

/** The header a client sends with each submission of a mutation (a retry sends the same one). */
const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;
export const idempotencyMessages = {
  invalid: 'The Idempotency-Key header must be 8 to 128 visible ASCII characters.',
  reused: 'This Idempotency-Key was already used for a different request.',
  alreadyDone: 'This request was already received and carried out; it changed nothing this time.',
} as const;

/**
 * Procedures whose answer is a session cookie, which a stored answer cannot give back: a retry runs
 * them again. Their only writes are sessions (infrastructure), so running twice duplicates nothing
 * a user owns. The router test (idempotency.int.test.ts) proves each one answers with a cookie.
 */
export const NOT_REPLAYED: ReadonlySet<string> = new Set(['auth.signIn', 'auth.signOut']);

function replayAnswer(known: IdempotencyKeyRow, request: Pick<IdempotentRequest, 'procedure' | 'fingerprint'>): unknown {
  if (known.procedure !== request.procedure || known.fingerprint !== request.fingerprint) {
    throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: idempotencyMessages.reused });
  }
  // The write committed, its answer was lost before it was stored: nothing runs again.
  if (known.response === null) throw new TRPCError({ code: 'CONFLICT', message: idempotencyMessages.alreadyDone });
  // Stored by this middleware in superjson's format (`serializeAnswer`).
  return superjson.deserialize(known.response as unknown as SuperJSONResult);
}

/**
 * Every mutation honours `Idempotency-Key` (issue 23, item 8; commands/idempotency.ts): a known key
 * answers the stored answer without running the procedure; a new one runs it with the key in
 * `idempotentRequests`, where the command runner claims it in the write's transaction; the answer
 * is then stored with the key. A mutation that wrote without the runner has its key recorded here,
 * after the fact. Without the header, a mutation runs as it always did.
 */
const honourIdempotencyKey = t.middleware(async ({ ctx, type, path, getRawInput, next }) => {
  if (type !== 'mutation' || NOT_REPLAYED.has(path)) return next();
  // Test callers have a bare request object; two headers arrive as an array and are refused.
  const key: unknown = ctx.req.headers?.[IDEMPOTENCY_KEY_HEADER];
  if (key === undefined) return next();
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new TRPCError({ code: 'BAD_REQUEST', message: idempotencyMessages.invalid });
  const scope = ctx.user ? `user:${ctx.user.id}` : `visitor:${clientIp(ctx)}`;
  const fingerprint = createHash('sha256').update(path).update('\n').update(JSON.stringify(await getRawInput()) ?? '').digest('hex');
  const request: IdempotentRequest = { scope, key, procedure: path, fingerprint, claimed: false };
  const known = await findIdempotencyKey(ctx.db, scope, key);
  if (known) return { ok: true as const, data: replayAnswer(known, request), marker: middlewareMarker };
  const result = await idempotentRequests.run(request, () => next());
  if (!result.ok) {
    if (!(result.error.cause instanceof IdempotencyKeyTaken)) return result;
    // A concurrent request with this key wrote first: answer as its retry would be answered.
    const taken = await findIdempotencyKey(ctx.db, scope, key);
    if (!taken) return result;
    return { ok: true as const, data: replayAnswer(taken, request), marker: middlewareMarker };
  }
  // superjson's format, without its walk for a plain-JSON answer (wire-format.ts); replayed by `superjson.deserialize`.
  const response = serializeAnswer(result.data) as unknown as Prisma.InputJsonValue;
  if (request.claimed) await storeIdempotentResponse(ctx.db, scope, key, response);
  else await recordIdempotentAnswer(ctx.db, request, response, ctx.now);
  return result;
});

export const publicProcedure = t.procedure.use(answerDomainRejections).use(honourIdempotencyKey);

/** Requires a session; `ctx.user` is non-null inside. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.sessionId) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  return next({ ctx: { ...ctx, user: ctx.user, sessionId: ctx.sessionId } });
});

/** The caller's practice, its zone, the actor and the request, for a signed-in practitioner. */
async function scopeOf(ctx: Context & { readonly user: PublicUser }): Promise<PracticeScope> {
  if (ctx.user.role !== 'practitioner') throw new TRPCError({ code: 'FORBIDDEN', message: 'This is only available to practitioners.' });
  const practice = ctx.sessionPractice ?? (await practiceOfUser(ctx.db, ctx.user.id));
  if (!practice) throw new TRPCError({ code: 'FORBIDDEN', message: NO_PRACTICE_MESSAGE });
  return {
    practiceId: practice.id,
    timeZone: practice.timeZone,
    actor: { userId: ctx.user.id, name: ctx.user.name },
    requestId: ctx.requestId,
    sourceAddress: clientIp(ctx),
    now: ctx.now,
    links: ctx.links,
  };
}

/**
 * A signed-in practitioner acting as a member of the community (forums, events, resources,
 * connections): shared member data, not a practice's, so no practice transaction; `ctx.scope` names
 * the member.
 */
export const memberProcedure = authedProcedure.use(async ({ ctx, next }) => next({ ctx: { scope: await scopeOf(ctx) } }));

/** Thrown inside a practice call's transaction to roll it back with the call's own failed result. */
class PracticeCallFailed<Result> extends Error {
  constructor(readonly result: Result) {
    super('practice call failed');
  }
}

/**
 * Requires a signed-in practitioner and runs the call as one unit of work of the caller's practice
 * (docs/decisions/0029-database-roles-and-row-level-security.md): one transaction that names the
 * practice to PostgreSQL, so row-level security shows it that practice's rows only; `ctx.scope` (the
 * practice, its zone, the actor, the request), `ctx.practice` (the repositories bound to that
 * transaction) and `ctx.command` (the command runner inside it) are all a handler gets — `ctx.db` is
 * gone. A query runs on a `pg` client, each statement read-only and bound (`readInPractice`), a mutation in a
 * Prisma transaction (record 0032 says why the two differ). The call's one audit entry is written
 * here from its rule in `practice/practice-call-audit.ts`: a handler never audits, and a practice
 * procedure without a rule fails. A failed call writes nothing, its audit entry included.
 */
export const practitionerProcedure = authedProcedure.use(async ({ ctx, next, path, type, getRawInput, meta }) => {
  const scope = await scopeOf(ctx);
  const rule = practiceCallAuditRule(path);
  const input = await getRawInput();
  // Referrals addressed to the account's e-mail are shown only once the address is proved (issue 25):
  // row-level security matches them against this binding, so an unverified account sees none.
  const binding = { practiceId: scope.practiceId, userEmail: ctx.user.emailVerified ? normalizeEmail(ctx.user.email) : null };
  const call = (sql: PracticeSql, command: PracticeCommandRunner) => {
    const registerPatient = async (details: NewPatientDetails): Promise<{ id: string; name: string }> => {
      const id = randomUUID();
      await command(patientCommands(scope, details), id, { kind: 'Register', id });
      return { id, name: details.name };
    };
    return next({ ctx: { db: NO_DATABASE, scope, practice: practiceRepositories(sql, scope), command, registerPatient } });
  };

  if (type === 'query' && meta?.changesData !== true) {
    // A read: read-only transactions on a `pg` client, one per statement. Its entry is appended once the read's
    // connection is back in the pool, with the other reads' of the moment (audit-appender.ts), and
    // the answer leaves only once it is stored. A failed read leaves none.
    const { result, entry } = await readInPractice(ctx.db.pool, binding, async (sql) => {
      const target = await resolveAuditTarget(sql, rule, input);
      const answered = await call(sql, refuseCommandInRead(path));
      return { result: answered, entry: answered.ok ? practiceCallAuditEntry(scope, rule, target, answered.data) : null };
    });
    // `reads` is false only in the audit benchmark's unaudited baseline (config.ts, auditReads).
    if (entry && ctx.config.audit.reads) await auditAppenderOf(ctx.db.pool).append(entry);
    return result;
  }

  // A change: a Prisma transaction, the commands' events and the call's entry committed with it.
  try {
    return await inPractice(ctx.db, binding, async (tx) => {
      const sql = sqlOf(tx);
      const target = await resolveAuditTarget(sql, rule, input);
      const command: PracticeCommandRunner = async (machine, aggregateId, commandToRun, options) => {
        const context = { actor: { userId: options?.bySystem ? null : ctx.user.id }, requestId: ctx.requestId === '' ? null : ctx.requestId, now: scope.now };
        const result = await executeCommand(tx, context, machine, aggregateId, commandToRun);
        if (!result.ok) throw new DomainRejection(result.error);
        return { state: result.state, events: result.events };
      };
      const result = await call(sql, command);
      if (!result.ok) throw new PracticeCallFailed(result);
      await auditPracticeCall(tx, scope, rule, target, result.data);
      return result;
    });
  } catch (error) {
    if (error instanceof PracticeCallFailed) return error.result as never;
    throw error;
  }
});

/** `ctx.command` in a read: a query that changes data says so (`ProcedureMeta.changesData`). */
function refuseCommandInRead(path: string): PracticeCommandRunner {
  return () => Promise.reject(new Error(`${path} is a query and runs read-only: a query that changes data declares .meta({ changesData: true })`));
}

/** `ctx.db` inside a practice procedure: nothing to reach the database around the practice's transaction. */
const NO_DATABASE = undefined as never;

/** Runs a command of the practice's machines inside the call's transaction; a refusal rolls the call back. */
export type PracticeCommandRunner = <State, Command, Event>(
  machine: CommandMachine<State, Command, Event>,
  aggregateId: string,
  command: Command,
  /** `bySystem`: the system acts (a referral's expiry), not the signed-in user. */
  options?: { readonly bySystem?: boolean },
) => Promise<{ readonly state: State; readonly events: readonly Event[] }>;

const domainToTrpcCode: Record<DomainErrorCode, TRPC_ERROR_CODE_KEY> = {
  CONFLICT: 'CONFLICT',
  FORBIDDEN: 'FORBIDDEN',
  INVALID_TRANSITION: 'CONFLICT',
  NOT_FOUND: 'NOT_FOUND',
  PRECONDITION_FAILED: 'PRECONDITION_FAILED',
};

/** A rejected domain command as the tRPC error the client sees; one about a form field, under that field. */
function domainErrorToTrpc(error: DomainError): TRPCError {
  if (error.field !== undefined) return fieldError(error.field, error.message);
  return new TRPCError({ code: domainToTrpcCode[error.code], message: error.message });
}

/** Counts a hit against `rule` for `subject`; over the limit → 429 with `message` and `Retry-After`. */
export async function enforceRateLimit(ctx: Context, rule: RateLimitRule, subject: string, message: string): Promise<void> {
  const verdict = await consumeRateLimit(ctx.db, rule, subject);
  if (verdict.allowed) return;
  // A batch answers once: the longest wait of its refused calls is the one to honour.
  const earlier = Number(ctx.res.getHeader('retry-after') ?? 0);
  ctx.res.setHeader('Retry-After', String(Math.max(earlier, verdict.retryAfterSeconds)));
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message });
}

/** Answers 429 with Retry-After when `subject` has used up `rule` already; counts nothing (see `countFailure`). */
export async function refuseWhenLimited(ctx: Context, rule: RateLimitRule, subject: string, message: string): Promise<void> {
  const verdict = await checkRateLimit(ctx.db, rule, subject);
  if (verdict.allowed) return;
  const earlier = Number(ctx.res.getHeader('retry-after') ?? 0);
  ctx.res.setHeader('Retry-After', String(Math.max(earlier, verdict.retryAfterSeconds)));
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message });
}

/** Counts one failure of `subject` under `rule`; true when this one used the limit up (the lock begins). */
export async function countFailure(ctx: Context, rule: RateLimitRule, subject: string): Promise<boolean> {
  const { count } = await countRateLimitHit(ctx.db, `${rule.bucket}:${subject}`, rule.windowMs);
  return count === rule.max;
}

/** The caller's IP (behind a proxy only when TRUST_PROXY is set). */
export const clientIp = (ctx: Context): string => ctx.req.ip ?? ctx.req.socket.remoteAddress ?? 'unknown';
