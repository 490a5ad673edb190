/**
 * A message sent to a practitioner from their public profile (issue 16), as a decide/evolve machine.
 * Sending stores it and queues its e-mail (the event's delivery); the practitioner then reads it.
 *
 * | state  | command  | events             | next   |
 * |--------|----------|--------------------|--------|
 * | absent | Send     | ContactMessageSent | unread |
 * | absent | MarkRead | — NOT_FOUND        | absent |
 * | unread | Send     | — CONFLICT         | unread |
 * | unread | MarkRead | ContactMessageRead | read   |
 * | read   | MarkRead | —                  | read   |
 * | read   | Send     | — CONFLICT         | read   |
 *
 * The events carry ids only: who wrote what stays in the message's row, not in the event log.
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';
import { contactTexts } from './contact-message.schema.ts';

export type ContactMessageStatus = 'absent' | 'unread' | 'read';

export interface ContactMessageState {
  readonly status: ContactMessageStatus;
}

export const initialContactMessage: ContactMessageState = { status: 'absent' };

export type ContactMessageCommand =
  | { readonly kind: 'Send'; readonly id: string; readonly practitionerId: string }
  | { readonly kind: 'MarkRead'; readonly id: string; readonly at: Date };

export const contactMessageSentEventSchema = z.object({ type: z.literal('ContactMessageSent'), id: z.string().min(1), practitionerId: z.string().min(1) });
export const contactMessageEventSchema = z.discriminatedUnion('type', [
  contactMessageSentEventSchema,
  z.object({ type: z.literal('ContactMessageRead'), id: z.string().min(1), readAt: z.iso.datetime() }),
]);
export type ContactMessageEvent = Readonly<z.output<typeof contactMessageEventSchema>>;

export function decideContactMessage(state: ContactMessageState, command: ContactMessageCommand): Decision<ContactMessageEvent> {
  switch (command.kind) {
    case 'Send':
      if (state.status !== 'absent') return reject('CONFLICT', 'This message has already been sent.');
      return accept({ type: 'ContactMessageSent', id: command.id, practitionerId: command.practitionerId });
    case 'MarkRead':
      if (state.status === 'absent') return reject('NOT_FOUND', contactTexts.messageNotFound);
      if (state.status === 'read') return accept();
      return accept({ type: 'ContactMessageRead', id: command.id, readAt: command.at.toISOString() });
  }
}

export function evolveContactMessage(_state: ContactMessageState, event: ContactMessageEvent): ContactMessageState {
  switch (event.type) {
    case 'ContactMessageSent':
      return { status: 'unread' };
    case 'ContactMessageRead':
      return { status: 'read' };
  }
}
