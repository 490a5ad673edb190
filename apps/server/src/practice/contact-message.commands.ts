/**
 * Messages sent from a practitioner's public profile (issue 16) on the command runner, decided by the
 * domain's contact-message machine:
 * - Send (a visitor, no scope): the message is stored for the listing and, when an account owns
 *   the listing, for its practice — both read in the INSERT itself, so a listing taken down
 *   meanwhile is NOT_FOUND rather than a broken reference. Its event waits in the outbox: the relay
 *   e-mails the practice's owner, or RECEIVER_EMAIL when the listing has no account.
 * - MarkRead (the practice's owner): the message is loaded locked within the caller's practice, so
 *   another practice's message is absent — NOT_FOUND "Message not found.", as for an unknown id —
 *   and the write leaves an audit entry.
 */
import {
  contactMessageEventSchema,
  decideContactMessage,
  evolveContactMessage,
  initialContactMessage,
  practitionerMessages,
  type ContactForm,
  type ContactMessageCommand,
  type ContactMessageEvent,
  type ContactMessageState,
} from '@wellspring/domain';
import type { CommandMachine } from '../commands/run-command.ts';
import { auditChangeOutsideCall } from './practice-audit.ts';
import type { PracticeScope } from './practice-scope.ts';
import { bindPractice } from './practice-transaction.ts';

/** The sender's message, for Send. */
export type ContactMessageDetails = Pick<ContactForm, 'name' | 'email' | 'phone' | 'message'>;

export function contactMessageCommands(scope: PracticeScope | null, details?: ContactMessageDetails): CommandMachine<ContactMessageState, ContactMessageCommand, ContactMessageEvent> {
  return {
    aggregateType: 'contact_message',
    eventSchema: contactMessageEventSchema,
    async load(tx, id) {
      // A visitor's Send names a fresh id: nothing to load or lock.
      if (!scope) return initialContactMessage;
      const [row] = await tx.$queryRaw<{ read_at: Date | null }[]>`
        SELECT read_at FROM contact_message WHERE id = ${id} AND practice_id = ${scope.practiceId} FOR UPDATE`;
      if (!row) return initialContactMessage;
      return { status: row.read_at === null ? 'unread' : 'read' };
    },
    decide: (state, command) => decideContactMessage(state, command),
    evolve: evolveContactMessage,
    async save(tx, { before, after, command, aggregateId, context }) {
      if (before.status === 'absent' && after.status === 'unread' && command.kind === 'Send') {
        if (!details) throw new Error('contactMessageCommands: a new message needs its details');
        // The message is the practice's that owns the listing (none for the sample directory): the
        // transaction names that practice before row-level security checks the insert.
        const [owner] = await tx.$queryRaw<{ practice_id: string }[]>`SELECT p.id AS practice_id FROM practice p WHERE p.practitioner_id = ${command.practitionerId}`;
        if (owner) await bindPractice(tx, { practiceId: owner.practice_id });
        const inserted = await tx.$executeRaw`
          INSERT INTO contact_message (id, practitioner_id, practice_id, sender_name, sender_email, sender_phone, message, consented_at, created_at)
          SELECT ${aggregateId}, l.id, ${owner?.practice_id ?? null}, ${details.name}, ${details.email}, ${details.phone},
                 ${details.message}, ${context.now}, ${context.now}
          FROM practitioner l WHERE l.id = ${command.practitionerId}`;
        if (inserted !== 1) return { code: 'NOT_FOUND', message: practitionerMessages.notFound.description };
        if (owner) {
          await auditChangeOutsideCall(tx, { practiceId: owner.practice_id, actorUserId: null, action: 'create', recordType: 'contact_message', recordId: aggregateId, requestId: context.requestId });
        }
        return undefined;
      }
      if (before.status === 'unread' && after.status === 'read' && command.kind === 'MarkRead' && scope) {
        await tx.$executeRaw`UPDATE contact_message SET read_at = ${command.at} WHERE id = ${aggregateId} AND practice_id = ${scope.practiceId}`;
      }
      return undefined;
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event }, ...(event.type === 'ContactMessageSent' ? { delivery: 'pending' as const } : {}) }),
  };
}
