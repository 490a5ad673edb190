/**
 * The referral page (issue 14): a practitioner's referrals (sent and received) and referral codes,
 * every change through the domain's referral and referral-code machines on the command runner,
 * one explicit verb per transition. A referral or code the caller cannot see is NOT_FOUND with the
 * machine's message, exactly as an unknown id. `referralCodes.offer` is public: what a shared
 * link `/referral?code=` offers a visitor.
 */
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import {
  authMessages,
  isReferralCodeExpired,
  normalizeEmail,
  normalizeReferralCode,
  recordRefSchema,
  REFERRAL_EXPIRY_DAYS,
  referralCodeErrors,
  referralCodeFormSchema,
  referralCodeRefSchema,
  referralErrors,
  referralFormSchema,
  referralStatsOf,
  type ReferralCodeCommand,
  type ReferralCommand,
} from '@wellspring/domain';
import { DomainRejection } from '../commands/run-command.ts';
import { referralCodeCommands, referralCommands } from '../practice/referral.commands.ts';
import { fieldError } from './field-error.ts';
import { clientIp, enforceRateLimit, practitionerProcedure, publicProcedure, router, type Context } from './trpc.ts';
import { findReferralOffer } from '../practice/referral-offer.ts';
import type { PracticeScope } from '../practice/practice-scope.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type PracticeContext = Pick<Context, 'user'> & { readonly user: NonNullable<Context['user']>; readonly scope: PracticeScope };

/** The machine of a referral as the caller sees it: sent from their practice, or to their account e-mail. */
const referralMachineFor = (ctx: PracticeContext) => {
  const email = normalizeEmail(ctx.user.email);
  return referralCommands({ viewer: { practiceId: ctx.scope.practiceId, email }, actorEmail: email, scope: ctx.scope });
};

/** One transition of the referral `id`; the referral machine decides whether the caller may, now. */
const referralTransition = (kind: Extract<ReferralCommand['kind'], 'Resend' | 'Cancel' | 'Accept' | 'Decline'>) =>
  practitionerProcedure.input(recordRefSchema).mutation(async ({ ctx, input }) => {
    const { state } = await ctx.command(referralMachineFor(ctx), input.id, { kind });
    if (state.status === 'absent') throw new TRPCError({ code: 'NOT_FOUND', message: referralErrors.notFound });
    return { id: input.id, status: state.status };
  });

/** One transition of the caller's code `id`; the referral-code machine decides. */
const codeTransition = (kind: Extract<ReferralCodeCommand['kind'], 'Activate' | 'Deactivate' | 'Delete'>) =>
  practitionerProcedure.input(recordRefSchema).mutation(async ({ ctx, input }) => {
    const { state } = await ctx.command(referralCodeCommands(ctx.scope), input.id, { kind });
    if (state.status === 'absent') throw new TRPCError({ code: 'NOT_FOUND', message: referralCodeErrors.notFound });
    return { id: input.id, status: state.status };
  });

export const referralsRouter = router({
  /**
   * My Referrals and the page's figures: the caller's referrals as sender and as receiver. Pending
   * referrals past their expiry are expired first (by the system, through the machine).
   */
  list: practitionerProcedure.meta({ changesData: true }).query(async ({ ctx }) => {
    const email = normalizeEmail(ctx.user.email);
    for (const id of await ctx.practice.referrals.dueForExpiry(email)) {
      try {
        await ctx.command(referralCommands({ viewer: null }), id, { kind: 'Expire' }, { bySystem: true });
      } catch (error) {
        // Another request changed it first (expired, cancelled, declined): the list shows what it is now.
        if (!(error instanceof DomainRejection)) throw error;
      }
    }
    const referrals = await ctx.practice.referrals.listMine(email);
    return { referrals, stats: referralStatsOf(referrals) };
  }),

  /** Refer Someone: a pending referral with one of the caller's codes, and its e-mail to the referee in the outbox. */
  create: practitionerProcedure.input(referralFormSchema).mutation(async ({ ctx, input }) => {
    const code = await ctx.practice.referrals.findCode(normalizeReferralCode(input.referralCode));
    if (!code) throw fieldError('referralCode', referralCodeErrors.notFound);
    if (code.status !== 'active') throw fieldError('referralCode', referralCodeErrors.inactive);
    if (isReferralCodeExpired(code.expiresAt?.toISOString() ?? null, ctx.now)) throw fieldError('referralCode', referralCodeErrors.expired);
    if (code.maxUsage !== null && code.usageCount >= code.maxUsage) throw fieldError('referralCode', referralCodeErrors.usedUp);
    const email = normalizeEmail(ctx.user.email);
    const id = randomUUID();
    const machine = referralCommands({
      viewer: { practiceId: ctx.scope.practiceId, email },
      actorEmail: email,
      scope: ctx.scope,
      create: { referrerName: ctx.user.name, refereeName: input.name, refereeType: input.type, codeId: code.id, message: input.message ?? '' },
    });
    try {
      const { state } = await ctx.command(machine, id, {
        kind: 'Send',
        id,
        senderId: ctx.user.id,
        receiverId: normalizeEmail(input.email),
        expiresAt: new Date(ctx.now.getTime() + REFERRAL_EXPIRY_DAYS * DAY_MS).toISOString(),
      });
      return { id, status: state.status, email: normalizeEmail(input.email) };
    } catch (error) {
      if (error instanceof DomainRejection && error.domainError.message === referralErrors.selfReferral) throw fieldError('email', referralErrors.selfReferral);
      throw error;
    }
  }),

  resend: referralTransition('Resend'),
  cancel: referralTransition('Cancel'),
  accept: referralTransition('Accept'),
  decline: referralTransition('Decline'),
});

export const referralCodesRouter = router({
  /** My Referral Codes: the caller's codes, deleted ones left out. */
  list: practitionerProcedure.query(({ ctx }) => ctx.practice.referrals.listCodes()),

  /** A new code, active, unique across the site. */
  create: practitionerProcedure.input(referralCodeFormSchema).mutation(async ({ ctx, input }) => {
    const id = randomUUID();
    try {
      const { state } = await ctx.command(referralCodeCommands(ctx.scope, { description: input.description }), id, {
        kind: 'Create',
        id,
        code: input.code,
        ownerId: ctx.user.id,
        maxUsage: input.maxUsage,
        expiryDate: input.expiryDate,
        reward: input.reward,
      });
      return { id, code: state.status === 'absent' ? input.code : state.code };
    } catch (error) {
      if (error instanceof DomainRejection && error.domainError.message === referralCodeErrors.alreadyExists) throw fieldError('code', referralCodeErrors.alreadyExists);
      throw error;
    }
  }),

  activate: codeTransition('Activate'),
  deactivate: codeTransition('Deactivate'),
  /** For good: the code is no longer listed or redeemable; referrals using it stop working. */
  delete: codeTransition('Delete'),

  /** Public: what the code of a shared link offers, and whether it can be redeemed now. */
  offer: publicProcedure.input(referralCodeRefSchema).query(async ({ ctx, input }) => {
    // A public lookup: limited per address, so codes cannot be guessed by the hundred (issue 25).
    const { lookupsPerAddressMax, lookupsWindowMs } = ctx.config.rateLimits;
    await enforceRateLimit(ctx, { bucket: 'referral-offer-ip', max: lookupsPerAddressMax, windowMs: lookupsWindowMs }, clientIp(ctx), authMessages.tooManyAttempts);
    const offer = await findReferralOffer(ctx.db, input.code, ctx.now);
    if (!offer) throw new TRPCError({ code: 'NOT_FOUND', message: referralCodeErrors.notFound });
    return offer;
  }),
});
