import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { isPlainJson, serializeAnswer } from '../src/trpc/wire-format.ts';

const week = {
  today: '2026-11-24',
  days: ['2026-11-22', '2026-11-23'],
  appointments: [{ id: 'a1', patientId: 'p1', patient: 'Emma Thompson', time: '10:00 AM', type: 'Initial Consultation', duration: 60, virtual: true, notes: null }],
  empty: {},
  nested: [[1, 2.5, -3], []],
};

describe('answers on the wire', () => {
  it('writes a plain-JSON answer exactly as superjson does, and it reads back unchanged', () => {
    expect(isPlainJson(week)).toBe(true);
    expect(serializeAnswer(week)).toEqual(superjson.serialize(week));
    expect(JSON.stringify(serializeAnswer(week))).toBe(JSON.stringify(superjson.serialize(week)));
    expect(superjson.deserialize(JSON.parse(JSON.stringify(serializeAnswer(week))))).toEqual(week);
  });

  it.each([
    ['a date', { at: new Date('2026-11-24T10:00:00Z') }],
    ['undefined in an object', { a: 1, b: undefined }],
    ['NaN', [Number.NaN]],
    ['Infinity', { n: Number.POSITIVE_INFINITY }],
    ['-0', { n: -0 }],
    ['a bigint', { n: 10n }],
    ['a map', { m: new Map([['a', 1]]) }],
    ['a set', [new Set([1])]],
    ['a class instance', { error: new Error('boom') }],
    ['a regular expression', { pattern: /a+/ }],
  ])('hands %s to superjson, so it reads back as it was sent', (_label, value) => {
    expect(isPlainJson(value)).toBe(false);
    const serialized = serializeAnswer(value);
    expect(serialized).toEqual(superjson.serialize(value));
    expect(serialized.meta).toBeDefined();
  });

  it('writes an array with a hole as superjson does', () => {
    // eslint-disable-next-line no-sparse-arrays
    const holed = [1, , 3];
    expect(JSON.stringify(serializeAnswer(holed))).toBe(JSON.stringify(superjson.serialize(holed)));
  });

  it('hands a cycle to superjson instead of recursing for ever', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(isPlainJson(cyclic)).toBe(false);
    expect(serializeAnswer(cyclic)).toEqual(superjson.serialize(cyclic));
  });

  it('takes an object without a prototype as plain, as superjson does', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: 'b' });
    expect(isPlainJson(bare)).toBe(true);
    expect(JSON.stringify(serializeAnswer(bare))).toBe(JSON.stringify(superjson.serialize(bare)));
  });
});
