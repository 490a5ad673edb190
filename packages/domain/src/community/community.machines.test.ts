import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import { forumCategoriesOf, instantOfRelativeActivity, relativeActivity } from './community.schema.ts';
import {
  connectionErrors,
  connectionEventSchema,
  connectionInputSchema,
  connectionStatusFor,
  decideConnection,
  decideLike,
  decideRsvp,
  evolveConnection,
  evolveLike,
  evolveRsvp,
  initialConnection,
  initialLike,
  initialRsvp,
  likeEventSchema,
  membersInputSchema,
  rsvpEventSchema,
  type ConnectionCommand,
  type ConnectionState,
  type LikeCommand,
  type RsvpCommand,
} from './community.machines.ts';

const like = (kind: LikeCommand['kind']): LikeCommand => ({ kind, subject: 'forum-topic', subjectId: 't1', userId: 'u1' });
const rsvp = (kind: RsvpCommand['kind']): RsvpCommand => ({ kind, eventId: 'e1', userId: 'u1' });

describe('like machine', () => {
  it('likes once; a second like changes nothing; unlike takes it back', () => {
    const liked = decideLike(initialLike, like('Like'));
    expect(liked).toEqual({ ok: true, events: [{ type: 'Liked', subject: 'forum-topic', subjectId: 't1', userId: 'u1' }] });
    const state = evolveLike(initialLike, liked.ok ? liked.events[0]! : (undefined as never));
    expect(state).toEqual({ liked: true });
    expect(decideLike(state, like('Like'))).toEqual({ ok: true, events: [] });
    expect(decideLike(state, like('Unlike'))).toMatchObject({ ok: true, events: [{ type: 'Unliked' }] });
    expect(decideLike(initialLike, like('Unlike'))).toEqual({ ok: true, events: [] });
  });

  it('obeys the machine laws', () => {
    checkMachineLaws({
      initial: initialLike,
      decide: (state, command: LikeCommand) => decideLike(state, command),
      evolve: evolveLike,
      step: fc.record({ command: fc.constantFrom(like('Like'), like('Unlike')), context: fc.constant(null) }),
      isValid: (state) => typeof state.liked === 'boolean',
      eventSchema: likeEventSchema,
    });
  });
});

describe('rsvp machine', () => {
  it('records attendance once (ids only: the e-mail reads the attendee at send time); cancel takes it back', () => {
    const going = decideRsvp(initialRsvp, rsvp('Rsvp'));
    expect(going).toEqual({ ok: true, events: [{ type: 'RsvpConfirmed', eventId: 'e1', userId: 'u1' }] });
    expect(decideRsvp({ going: true }, rsvp('Rsvp'))).toEqual({ ok: true, events: [] });
    expect(decideRsvp({ going: true }, rsvp('CancelRsvp'))).toEqual({ ok: true, events: [{ type: 'RsvpCancelled', eventId: 'e1', userId: 'u1' }] });
    expect(decideRsvp(initialRsvp, rsvp('CancelRsvp'))).toEqual({ ok: true, events: [] });
  });

  it('obeys the machine laws', () => {
    checkMachineLaws({
      initial: initialRsvp,
      decide: (state, command: RsvpCommand) => decideRsvp(state, command),
      evolve: evolveRsvp,
      step: fc.record({ command: fc.constantFrom(rsvp('Rsvp'), rsvp('CancelRsvp')), context: fc.constant(null) }),
      isValid: (state) => typeof state.going === 'boolean',
      eventSchema: rsvpEventSchema,
    });
  });
});

describe('connection machine', () => {
  const request = (from: string, to: string, toAcceptsAtOnce = false): ConnectionCommand => ({ kind: 'Request', from, to, toAcceptsAtOnce });
  const answer = (kind: 'Accept' | 'Decline', by: string, from: string): ConnectionCommand => ({ kind, by, from });
  /** The state after `commands`, each of which must be accepted. */
  const after = (...commands: ConnectionCommand[]): ConnectionState =>
    commands.reduce<ConnectionState>((state, command) => {
      const decision = decideConnection(state, command);
      if (!decision.ok) throw new Error(decision.error.message);
      return decision.events.reduce(evolveConnection, state);
    }, initialConnection);
  const pending = after(request('ada', 'bea'));

  it('goes none → pending on a request, and pending → connected when the addressee accepts', () => {
    expect(decideConnection(initialConnection, request('ada', 'bea'))).toEqual({ ok: true, events: [{ type: 'ConnectionRequested', requesterId: 'ada', addresseeId: 'bea' }] });
    expect(pending).toEqual({ status: 'pending', requesterId: 'ada', addresseeId: 'bea' });
    expect(decideConnection(pending, answer('Accept', 'bea', 'ada'))).toEqual({
      ok: true,
      events: [{ type: 'ConnectionAccepted', requesterId: 'ada', addresseeId: 'bea', automatic: false }],
    });
    expect(after(request('ada', 'bea'), answer('Accept', 'bea', 'ada'))).toEqual({ status: 'connected', requesterId: 'ada', addresseeId: 'bea' });
  });

  it('goes pending → declined when the addressee declines', () => {
    expect(after(request('ada', 'bea'), answer('Decline', 'bea', 'ada'))).toEqual({ status: 'declined', requesterId: 'ada', addresseeId: 'bea' });
  });

  it('refuses a request to oneself', () => {
    expect(decideConnection(initialConnection, request('ada', 'ada'))).toEqual({ ok: false, error: { code: 'CONFLICT', message: connectionErrors.self } });
  });

  it('keeps one request per pair: asking again changes nothing; asking back (crossed requests) accepts', () => {
    expect(decideConnection(pending, request('ada', 'bea'))).toEqual({ ok: true, events: [] });
    expect(decideConnection(pending, request('bea', 'ada'))).toEqual({
      ok: true,
      events: [{ type: 'ConnectionAccepted', requesterId: 'ada', addresseeId: 'bea', automatic: false }],
    });
    const connected = after(request('ada', 'bea'), request('bea', 'ada'));
    expect(connected.status).toBe('connected');
    expect(decideConnection(connected, request('ada', 'bea'))).toEqual({ ok: true, events: [] });
    expect(decideConnection(connected, request('bea', 'ada'))).toEqual({ ok: true, events: [] });
  });

  it('lets only the addressee answer: the requester, or a member outside the pair, finds no request', () => {
    const noRequest = { ok: false, error: { code: 'NOT_FOUND', message: connectionErrors.noRequest } };
    expect(decideConnection(pending, answer('Accept', 'ada', 'bea'))).toEqual(noRequest);
    expect(decideConnection(pending, answer('Decline', 'ada', 'bea'))).toEqual(noRequest);
    expect(decideConnection(pending, answer('Accept', 'cy', 'ada'))).toEqual(noRequest);
    expect(decideConnection(initialConnection, answer('Accept', 'bea', 'ada'))).toEqual(noRequest);
    expect(decideConnection(initialConnection, answer('Decline', 'bea', 'ada'))).toEqual(noRequest);
  });

  it('accepts at once for a member who accepts every request (a sample member)', () => {
    expect(decideConnection(initialConnection, request('ada', '1', true))).toEqual({
      ok: true,
      events: [
        { type: 'ConnectionRequested', requesterId: 'ada', addresseeId: '1' },
        { type: 'ConnectionAccepted', requesterId: 'ada', addresseeId: '1', automatic: true },
      ],
    });
    expect(after(request('ada', '1', true)).status).toBe('connected');
  });

  it('keeps a decline from the requester: they still see Pending, the decliner sees Connect and may change their mind', () => {
    const declined = after(request('ada', 'bea'), answer('Decline', 'bea', 'ada'));
    expect(connectionStatusFor(declined, 'ada')).toBe('pending');
    expect(connectionStatusFor(declined, 'bea')).toBe('connect');
    expect(decideConnection(declined, request('ada', 'bea'))).toEqual({ ok: true, events: [] });
    expect(decideConnection(declined, answer('Decline', 'bea', 'ada'))).toEqual({ ok: true, events: [] });
    expect(after(request('ada', 'bea'), answer('Decline', 'bea', 'ada'), request('bea', 'ada')).status).toBe('connected');
    expect(after(request('ada', 'bea'), answer('Decline', 'bea', 'ada'), answer('Accept', 'bea', 'ada')).status).toBe('connected');
  });

  it('answers accept on a connected pair idempotently and refuses to decline it', () => {
    const connected = after(request('ada', 'bea'), answer('Accept', 'bea', 'ada'));
    expect(decideConnection(connected, answer('Accept', 'bea', 'ada'))).toEqual({ ok: true, events: [] });
    expect(decideConnection(connected, answer('Decline', 'bea', 'ada'))).toEqual({ ok: false, error: { code: 'CONFLICT', message: connectionErrors.alreadyConnected } });
  });

  it('shows each side the card status of docs/product.md#members', () => {
    expect(connectionStatusFor(initialConnection, 'ada')).toBe('connect');
    expect(connectionStatusFor(pending, 'ada')).toBe('pending');
    expect(connectionStatusFor(pending, 'bea')).toBe('pending');
    expect(connectionStatusFor(after(request('ada', 'bea', true)), 'bea')).toBe('connected');
  });

  it('obeys the machine laws', () => {
    const members = ['ada', 'bea'];
    const member = fc.constantFrom(...members);
    checkMachineLaws({
      initial: initialConnection,
      decide: (state, command: ConnectionCommand) => decideConnection(state, command),
      evolve: evolveConnection,
      step: fc.record({
        command: fc.oneof(
          fc.record({ kind: fc.constant('Request' as const), from: member, to: member, toAcceptsAtOnce: fc.boolean() }),
          fc.record({ kind: fc.constantFrom('Accept' as const, 'Decline' as const), by: member, from: member }),
        ),
        context: fc.constant(null),
      }),
      isValid: (state) => state.status === 'none' || (state.requesterId !== state.addresseeId && members.includes(state.requesterId) && members.includes(state.addresseeId)),
      eventSchema: connectionEventSchema,
    });
  });
});

describe('member search and connection inputs', () => {
  it('defaults to every member and refuses an unknown specialty', () => {
    expect(membersInputSchema.parse({})).toEqual({ query: '', specialty: 'all' });
    expect(membersInputSchema.parse({ query: 'denver', specialty: 'functional_medicine' })).toEqual({ query: 'denver', specialty: 'functional_medicine' });
    expect(membersInputSchema.safeParse({ specialty: 'astrology' }).success).toBe(false);
    expect(membersInputSchema.safeParse({ query: 'x'.repeat(201) }).error?.issues[0]?.message).toBe('Please shorten your search.');
  });
  it('names the other member, trimmed, never empty', () => {
    expect(connectionInputSchema.parse({ memberId: ' 1 ' })).toEqual({ memberId: '1' });
    expect(connectionInputSchema.safeParse({ memberId: ' ' }).error?.issues[0]?.message).toBe('Please choose a member.');
  });
});

describe('forum activity', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it('reads and writes the relative "last active" text', () => {
    for (const text of ['2 hours ago', '5 hours ago', '1 day ago', '3 days ago', '2 weeks ago']) expect(relativeActivity(instantOfRelativeActivity(text, now), now)).toBe(text);
    expect(relativeActivity(now, now)).toBe('just now');
  });
  it('counts the six categories from the topics', () => {
    const categories = forumCategoriesOf(new Map([['Research', 2]]));
    expect(categories.map((c) => c.id)).toEqual(['clinical-practice', 'research', 'ethics-regulations', 'business', 'education', 'patient-care']);
    expect(categories.find((c) => c.name === 'Research')?.count).toBe(2);
    expect(categories.find((c) => c.name === 'Business')?.count).toBe(0);
  });
});
