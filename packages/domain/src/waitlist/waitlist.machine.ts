/**
 * Waitlist entry and invite, as decide/evolve.
 *
 * | state    | command | condition                     | events         | next     |
 * |----------|---------|-------------------------------|----------------|----------|
 * | absent   | Join    | email not taken (any case)    | WaitlistJoined | joined   |
 * | absent   | Join    | email already on the waitlist | — CONFLICT     | absent   |
 * | joined   | Join    | —                             | — CONFLICT     | joined   |
 * | any      | Invite  | —                             | InviteSent     | unchanged (an invite is its own record) |
 *
 * The database enforces the same uniqueness (unique index on lower(email)) so two servers racing on
 * one email still end with one row; the server maps that violation to the same CONFLICT.
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';
import { joinWaitlistSchema, normalizeEmail, sendInviteSchema, waitlistTypeSchema, type JoinWaitlistInput, type SendInviteInput, type WaitlistType } from './waitlist.schema.ts';
import { waitlistToasts } from './waitlist.messages.ts';

export type WaitlistEntryState =
  | { readonly status: 'absent' }
  | { readonly status: 'joined'; readonly id: string; readonly email: string; readonly name: string; readonly type: WaitlistType };

export const initialWaitlistEntry: WaitlistEntryState = { status: 'absent' };

export type WaitlistCommand =
  | { readonly kind: 'Join'; readonly id: string; readonly input: JoinWaitlistInput }
  | { readonly kind: 'Invite'; readonly id: string; readonly input: SendInviteInput };

/**
 * The events, as zod schemas: the server stores an event as its JSON payload, and the outbox relay
 * reads an InviteSent back through `inviteSentEventSchema` before sending the e-mail. The fields
 * carry the forms' rules (`friendEmail` is stored normalized: trimmed, lower case).
 */
export const waitlistJoinedEventSchema = z.object({
  type: z.literal('WaitlistJoined'),
  id: z.string().min(1),
  email: joinWaitlistSchema.shape.email,
  name: joinWaitlistSchema.shape.name,
  waitlistType: waitlistTypeSchema,
});
export const inviteSentEventSchema = z.object({
  type: z.literal('InviteSent'),
  id: z.string().min(1),
  friendEmail: sendInviteSchema.shape.friendEmail,
  yourName: sendInviteSchema.shape.yourName,
  waitlistType: waitlistTypeSchema,
});
export const waitlistEventSchema = z.discriminatedUnion('type', [waitlistJoinedEventSchema, inviteSentEventSchema]);

export type WaitlistJoinedEvent = Readonly<z.output<typeof waitlistJoinedEventSchema>>;
export type InviteSentEvent = Readonly<z.output<typeof inviteSentEventSchema>>;
export type WaitlistEvent = WaitlistJoinedEvent | InviteSentEvent;

export interface WaitlistContext {
  /** Whether an entry with this email (compared case-insensitively) already exists. */
  readonly emailTaken: boolean;
}


export function decideWaitlist(
  state: WaitlistEntryState,
  command: WaitlistCommand,
  context: WaitlistContext,
): Decision<WaitlistEvent> {
  switch (command.kind) {
    case 'Join': {
      if (state.status === 'joined' || context.emailTaken) return reject('CONFLICT', waitlistToasts.duplicate.title);
      const { input } = command;
      return accept({
        type: 'WaitlistJoined',
        id: command.id,
        email: input.email.trim(),
        name: input.name.trim(),
        waitlistType: input.type,
      });
    }
    case 'Invite': {
      const { input } = command;
      return accept({
        type: 'InviteSent',
        id: command.id,
        friendEmail: normalizeEmail(input.friendEmail),
        yourName: input.yourName.trim(),
        waitlistType: input.waitlistType,
      });
    }
  }
}

export function evolveWaitlist(state: WaitlistEntryState, event: WaitlistEvent): WaitlistEntryState {
  switch (event.type) {
    case 'WaitlistJoined':
      return { status: 'joined', id: event.id, email: event.email, name: event.name, type: event.waitlistType };
    case 'InviteSent':
      return state;
  }
}
