import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import { forumCategoriesOf, instantOfRelativeActivity, relativeActivity } from './community.schema.ts';
import { decideLike, decideRsvp, evolveLike, evolveRsvp, initialLike, initialRsvp, likeEventSchema, rsvpEventSchema, type LikeCommand, type RsvpCommand } from './community.machines.ts';

const like = (kind: LikeCommand['kind']): LikeCommand => ({ kind, subject: 'forum-topic', subjectId: 't1', userId: 'u1' });
const rsvp = (kind: RsvpCommand['kind']): RsvpCommand => ({ kind, eventId: 'e1', userId: 'u1' });
const attendee = { email: 'ada@example.com', name: 'Ada' };

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
  it('records attendance once with the attendee for the e-mail; cancel takes it back', () => {
    const going = decideRsvp(initialRsvp, rsvp('Rsvp'), attendee);
    expect(going).toEqual({ ok: true, events: [{ type: 'RsvpConfirmed', eventId: 'e1', userId: 'u1', email: 'ada@example.com', name: 'Ada' }] });
    expect(decideRsvp({ going: true }, rsvp('Rsvp'), attendee)).toEqual({ ok: true, events: [] });
    expect(decideRsvp({ going: true }, rsvp('CancelRsvp'), attendee)).toEqual({ ok: true, events: [{ type: 'RsvpCancelled', eventId: 'e1', userId: 'u1' }] });
    expect(decideRsvp(initialRsvp, rsvp('CancelRsvp'), attendee)).toEqual({ ok: true, events: [] });
  });

  it('obeys the machine laws', () => {
    checkMachineLaws({
      initial: initialRsvp,
      decide: (state, command: RsvpCommand) => decideRsvp(state, command, attendee),
      evolve: evolveRsvp,
      step: fc.record({ command: fc.constantFrom(rsvp('Rsvp'), rsvp('CancelRsvp')), context: fc.constant(null) }),
      isValid: (state) => typeof state.going === 'boolean',
      eventSchema: rsvpEventSchema,
    });
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
