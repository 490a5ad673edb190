import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import { contactMessageEventSchema, decideContactMessage, evolveContactMessage, initialContactMessage, type ContactMessageCommand } from './contact-message.machine.ts';

const at = new Date('2026-03-02T09:30:00.000Z');
const send: ContactMessageCommand = { kind: 'Send', id: 'm1', practitionerId: '1' };
const markRead: ContactMessageCommand = { kind: 'MarkRead', id: 'm1', at };

describe('contact message machine', () => {
  it('is sent once, unread; marking it read is recorded once', () => {
    expect(decideContactMessage(initialContactMessage, send)).toEqual({ ok: true, events: [{ type: 'ContactMessageSent', id: 'm1', practitionerId: '1' }] });
    expect(evolveContactMessage(initialContactMessage, { type: 'ContactMessageSent', id: 'm1', practitionerId: '1' })).toEqual({ status: 'unread' });
    expect(decideContactMessage({ status: 'unread' }, markRead)).toEqual({ ok: true, events: [{ type: 'ContactMessageRead', id: 'm1', readAt: '2026-03-02T09:30:00.000Z' }] });
    expect(decideContactMessage({ status: 'read' }, markRead)).toEqual({ ok: true, events: [] });
  });

  it('refuses a second send and reading a message that does not exist', () => {
    expect(decideContactMessage({ status: 'unread' }, send)).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(decideContactMessage(initialContactMessage, markRead)).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Message not found.' } });
  });

  it('obeys the machine laws', () => {
    checkMachineLaws({
      initial: initialContactMessage,
      decide: (state, command: ContactMessageCommand) => decideContactMessage(state, command),
      evolve: evolveContactMessage,
      step: fc.record({ command: fc.constantFrom(send, markRead), context: fc.constant(null) }),
      isValid: (state) => ['absent', 'unread', 'read'].includes(state.status),
      eventSchema: contactMessageEventSchema,
    });
  });
});
