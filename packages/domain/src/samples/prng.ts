/** mulberry32: a small, fast, seeded 32-bit PRNG. Same seed, same sequence, on every platform. */
export type Random = () => number;

export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max]. */
export const randomInt = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

/** An index in [0, length): one draw, the one `pick` makes. */
export const pickIndex = (random: Random, length: number): number => Math.floor(random() * length);

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[pickIndex(random, items.length)];
  if (item === undefined) throw new RangeError('pick from an empty list');
  return item;
}

/** `count` distinct items (Floyd's selection, then in the list's order). */
export function pickDistinct<T>(random: Random, items: readonly T[], count: number): T[] {
  const n = Math.min(count, items.length);
  // A small array rather than a Set: the generator calls this millions of times.
  const chosen: number[] = [];
  for (let j = items.length - n; j < items.length; j += 1) {
    const t = randomInt(random, 0, j);
    chosen.push(chosen.includes(t) ? j : t);
  }
  chosen.sort((a, b) => a - b);
  const result: T[] = new Array(chosen.length);
  for (let k = 0; k < chosen.length; k += 1) result[k] = items[chosen[k] as number] as T;
  return result;
}
